/// The `S:` statuses of the device spec (§1.3).
public enum DeviceStatus: Equatable, Sendable {
    case ready
    case notReady
    case pong
    case tared
    /// The sample interval the device confirmed, in milliseconds.
    case rate(Int)

    /// The status word as the device spells it, without the rate argument.
    public var name: String {
        switch self {
        case .ready: "READY"
        case .notReady: "NOT_READY"
        case .pong: "PONG"
        case .tared: "TARED"
        case .rate: "RATE"
        }
    }
}
