/// What the `<reason>` of `B:DISCONNECTED` means: the Bluetooth Core Specification's name for an
/// HCI error code (Vol 1, Part F, "Controller error codes"), or the bridge's own `TIMEOUT` and
/// `HOST`. A script can then tell an out-of-range GripFit (0x08) from a switched-off one (0x13)
/// without a copy of the specification.
public enum DisconnectReason {
    /// The name for `reason` as the bridge sends it (`0x08`, `TIMEOUT`), or nil for a code the
    /// specification gives no disconnect meaning here.
    public static func name(_ reason: String) -> String? {
        switch reason {
        case "TIMEOUT": return "bridge timeout (no connection, or a write never answered)"
        case "HOST": return "host request"
        default: break
        }
        guard reason.hasPrefix("0x"), reason.utf8.count == 4, let code = UInt8(reason.dropFirst(2), radix: 16) else { return nil }
        return hciNames[code]
    }

    private static let hciNames: [UInt8: String] = [
        0x05: "authentication failure",
        0x08: "connection timeout",
        0x13: "remote user terminated connection",
        0x14: "remote device terminated connection due to low resources",
        0x15: "remote device terminated connection due to power off",
        0x16: "connection terminated by local host",
        0x1A: "unsupported remote feature",
        0x22: "LL response timeout",
        0x28: "instant passed",
        0x3B: "unacceptable connection parameters",
        0x3D: "connection terminated due to MIC failure",
        0x3E: "connection failed to be established",
    ]
}
