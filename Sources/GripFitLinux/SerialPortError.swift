import GripFitCore
import Glibc

/// Why the serial port failed, with the path and what the user can do about it.
public enum SerialPortError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case permissionDenied(path: String)
    /// Another process holds the port; `holder` names it when /proc tells.
    case busy(path: String, holder: String?)
    case notATerminal(path: String)
    /// The port went away while open: the dongle was unplugged or the simulator stopped.
    case removed(path: String)
    case system(path: String, call: String, errno: Int32)

    public var path: String {
        switch self {
        case .notFound(let path), .permissionDenied(let path), .busy(let path, _), .notATerminal(let path),
            .removed(let path), .system(let path, _, _):
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
                + "Close that program (or stop ModemManager from probing it) and try again."
        case .notATerminal(let path):
            "\(path): not a serial port (tcgetattr failed). Pass the dongle's /dev/ttyACM* or /dev/serial/by-id path."
        case .removed(let path):
            "\(path): device removed. Replug the dongle; the session resumes when it returns."
        case .system(let path, let call, let errno):
            "\(path): \(call) failed: \(String(cString: strerror(errno))) (errno \(errno))."
        }
    }

    /// The session machine's view of this failure.
    public var portFailure: PortFailure {
        switch self {
        case .notFound: .missing
        case .permissionDenied: .permissionDenied
        case .busy: .busy
        case .removed, .notATerminal, .system: .removed
        }
    }
}
