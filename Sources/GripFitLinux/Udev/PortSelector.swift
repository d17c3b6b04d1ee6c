import Glibc

/// Turns `--port` into one port: a path, a by-id path, a USB serial number or a unique prefix
/// of one; with no `--port`, the only bridge present.
public enum PortSelector {
    /// `resolveLink` turns a symlink into the path it names (injected for tests).
    public static func select(
        _ argument: String?,
        among ports: [UsbSerialPort],
        resolveLink: (String) -> String? = PortSelector.realPath
    ) throws(PortSelectionError) -> PortSelection {
        guard let argument, !argument.isEmpty else {
            let bridges = ports.filter(\.isBridge)
            switch bridges.count {
            case 0: throw .noBridge(otherPorts: ports)
            case 1: return .usb(bridges[0])
            default: throw .severalBridges(bridges)
            }
        }
        if argument.contains("/") {
            if let port = ports.first(where: { $0.devnode == argument || $0.byIdPath == argument }) {
                return .usb(port)
            }
            if let target = resolveLink(argument), let port = ports.first(where: { $0.devnode == target }) {
                return .usb(port)
            }
            return .path(argument)
        }
        if let port = ports.first(where: { $0.serial == argument }) { return .usb(port) }
        let prefixed = ports.filter { $0.serial?.hasPrefix(argument) == true }
        switch prefixed.count {
        case 1: return .usb(prefixed[0])
        case 0:
            if let port = ports.first(where: { $0.devnode == "/dev/" + argument }) { return .usb(port) }
            throw .noMatch(argument: argument, ports: ports)
        default: throw .ambiguous(argument: argument, candidates: prefixed)
        }
    }

    /// realpath(3), nil when the path does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
