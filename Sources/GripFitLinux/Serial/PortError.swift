import Glibc
import GripFitCore
import GripFitOutput

/// Why the port failed, with the path (or network address) and what the user can do about it.
public enum PortError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case permissionDenied(path: String)
    /// Another process holds the port; `holder` names it when /proc tells.
    case busy(path: String, holder: String?)
    /// A path that is not a tty: a directory, a regular file, /dev/null.
    case notATerminal(path: String)
    /// The port went away while open: the dongle was unplugged or the simulator stopped.
    case removed(path: String)
    case system(path: String, call: String, errno: Int32)
    /// A network port that cannot be reached: no such host, connection refused, connect timed out.
    case unreachable(path: String, reason: String)
    /// The server closed a network port's connection, or it broke: like an unplug.
    case connectionLost(path: String)
    /// The server accepted the connection, said it cannot open its serial device (ser2net:
    /// "Device open failure: …") and hung up: the dongle is not on the exporter host. `said` is
    /// the server's line as sent (untrusted).
    case serverDeviceFailed(path: String, said: String)

    public var path: String {
        switch self {
        case .notFound(let path), .permissionDenied(let path), .busy(let path, _), .notATerminal(let path),
            .removed(let path), .system(let path, _, _), .unreachable(let path, _), .connectionLost(let path),
            .serverDeviceFailed(let path, _):
            path
        }
    }

    public var description: String {
        switch self {
        case .notFound(let path):
            "\(path): no such device. Plug in the GripFit dongle, or run `gripfit-serial list` to see the ports."
        case .permissionDenied(let path):
            "\(path): permission denied. Install the udev rules (`sudo make install-udev`) and replug the dongle, "
                + "or add yourself to the dialout group (`sudo usermod -aG dialout $USER`, then log in again)."
        case .busy(let path, let holder):
            "\(path): port busy: \(holder.map { "held by \($0)" } ?? "another process has it open"). "
                + (path.contains("://")
                    ? "Close the other client (or release the labgrid place it holds) and try again."
                    : "Close that program (or stop ModemManager from probing it) and try again.")
        case .notATerminal(let path):
            "\(path): not a serial device (a directory, a file or another kind of device, not a tty). Pass the "
                + "dongle's /dev/ttyACM* or /dev/serial/by-id/... path, or its USB serial number; `gripfit-serial list` "
                + "shows them."
        case .removed(let path):
            "\(path): device removed. Replug the dongle; the session resumes when it returns."
        case .system(let path, let call, let errno):
            "\(path): \(call) failed: \(ErrnoText(errno))."
        case .unreachable(let path, let reason):
            "\(path): cannot connect: \(reason). Check that ser2net (or the labgrid exporter) is running on that "
                + "host and exports the dongle on that TCP port, and that no firewall is in the way."
        case .connectionLost(let path):
            "\(path): connection lost (the server closed it or the network broke); the session reconnects when "
                + "the server is back."
        case .serverDeviceFailed(let path, let said):
            "\(path): the server cannot open its dongle: it said \"\(UntrustedText.escaped(said))\". Plug the dongle into "
                + "the exporter host, and check that the server's connector names its path (e.g. /dev/serial/by-id/…)."
        }
    }

    /// True when a network server said it cannot open its serial device.
    public var isServerDeviceFailure: Bool {
        if case .serverDeviceFailed = self { return true }
        return false
    }

    /// The link machine's view of this failure.
    public var portFailure: PortFailure {
        switch self {
        case .notFound, .unreachable, .serverDeviceFailed: .missing
        case .permissionDenied: .permissionDenied
        case .busy: .busy
        case .removed, .notATerminal, .system, .connectionLost: .removed
        }
    }
}
