/// The connection state users see (spec §2.1). Errors are states, not thrown values, so a live
/// view always has something to show and recovery is just another transition.
public enum LinkState: Equatable, Sendable, CustomStringConvertible {
    case disconnected
    case scanning
    case connecting
    case connected
    case error(LinkErrorKind)

    public var description: String {
        switch self {
        case .disconnected: "disconnected"
        case .scanning: "scanning"
        case .connecting: "connecting"
        case .connected: "connected"
        case .error(let kind): "error(\(kind.rawValue))"
        }
    }
}
