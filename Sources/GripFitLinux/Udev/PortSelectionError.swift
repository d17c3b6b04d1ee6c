import GripFitOutput

/// Why `--port` (or its absence) did not name exactly one port. The CLI maps each case to its
/// exit code; the description tells the user what to type next.
public enum PortSelectionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No bridge is plugged in (EX_UNAVAILABLE).
    case noBridge(otherPorts: [UsbSerialPort])
    /// Several bridges and no `--port` (EX_USAGE).
    case severalBridges([UsbSerialPort])
    /// `--port` matched nothing (EX_UNAVAILABLE: the dongle may just be unplugged).
    case noMatch(argument: String, ports: [UsbSerialPort])
    /// A serial-number prefix that fits more than one port (EX_USAGE).
    case ambiguous(argument: String, candidates: [UsbSerialPort])

    public var description: String {
        switch self {
        case .noBridge(let others):
            "No GripFit bridge found. Plug in the dongle (a USB port, not a hub without power), then run "
                + "`gripfit-serial list`; if it still does not appear, run `gripfit-serial doctor`."
                + (others.isEmpty ? "" : " Other USB serial ports:\n" + Self.table(others) + "\nUse --port to pick one.")
        case .severalBridges(let bridges):
            "Several GripFit bridges are plugged in; pick one with --port SERIAL (or a unique prefix) "
                + "or --port /dev/serial/by-id/…:\n" + Self.table(bridges)
        case .noMatch(let argument, let ports):
            "No port matches --port \(argument). Plug in that dongle, or pass a path, a by-id path or a USB "
                + "serial number from `gripfit-serial list --all`"
                + (ports.isEmpty ? "." : ":\n" + Self.table(ports))
        case .ambiguous(let argument, let candidates):
            "--port \(argument) fits several serial numbers; type more of it:\n" + Self.table(candidates)
        }
    }

    /// One port per line: devnode, serial, and the by-id path. Escaped: the serial number (and the
    /// by-id name made from it) is whatever the USB device says, and any USB serial device is listed.
    static func table(_ ports: [UsbSerialPort]) -> String {
        ports.map { port in
            let line = "  \(port.devnode)  serial \(port.serial ?? "-")" + (port.byIdPath.map { "  \($0)" } ?? "")
            return UntrustedText.escaped(line)
        }.joined(separator: "\n")
    }
}
