/// Commands for the GripFit itself (spec §1.4), relayed by the bridge.
public enum DeviceCommand: Hashable, Sendable {
    case ping
    case tare
    case rate(SampleRate)
    case info

    /// The line without its `\n`.
    public var line: String {
        switch self {
        case .ping: "CMD:PING"
        case .tare: "CMD:TARE"
        case .rate(let rate): "CMD:RATE:\(rate.milliseconds)"
        case .info: "CMD:INFO"
        }
    }
}
