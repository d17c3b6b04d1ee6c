import ArgumentParser
import GripFitLinux

/// Tab completion for `--port`: the bridges plugged in, named as `list` shows them (devnode,
/// by-id path, USB serial number). Every option that names a dongle uses this one kind.
enum PortCompletion {
    static let kind = CompletionKind.custom { _, _, prefix in candidates(prefix: prefix) }

    /// Never fails: completion without udev or without a bridge offers nothing.
    static func candidates(prefix: String) -> [String] {
        guard let context = try? UdevContext(), let ports = try? UdevEnumerator(context: context).usbSerialPorts()
        else { return [] }
        return names(of: ports.filter(\.isBridge)).filter { $0.hasPrefix(prefix) }
    }

    /// The shells expand completion words (bash's `compgen -W` runs `$(…)`), and a serial number
    /// is whatever the USB device says: a name with any other byte is left out, not escaped.
    static func names(of ports: [UsbSerialPort]) -> [String] {
        var seen = Set<String>()
        return ports.flatMap { [$0.devnode, $0.byIdPath, $0.serial].compactMap { $0 } }
            .filter { !$0.isEmpty && $0.unicodeScalars.allSatisfy(isShellSafe) && seen.insert($0).inserted }
    }

    private static func isShellSafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "/", ".", "_", ":", "-", "+", "=", "@", ",": true
        default: false
        }
    }
}
