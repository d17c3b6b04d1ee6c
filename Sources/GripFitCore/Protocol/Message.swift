/// Everything a line from the dongle can mean. Closed: consumers switch over it exhaustively.
public enum Message: Equatable, Sendable {
    /// `R:<int>`: a raw HX711 reading.
    case reading(Int32)
    /// `S:<status>`.
    case status(DeviceStatus)
    /// `D:<name>,<firmware>`.
    case device(DeviceInfo)
    /// `B:…`: the bridge's own lines.
    case bridge(BridgeEvent)
    /// A well-formed line with a tag or status this host does not know (a newer firmware, a stray
    /// echo). Kept, not trusted: consumers show it as a warning.
    case unknown(String)
}
