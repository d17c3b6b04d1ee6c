/// Anything the host writes to the dongle.
public enum Command: Hashable, Sendable {
    case device(DeviceCommand)
    case bridge(BridgeCommand)

    public var line: String {
        switch self {
        case .device(let command): command.line
        case .bridge(let command): command.line
        }
    }
}
