/// The link state a bridge reports in `B:STATUS`.
public enum BridgeLinkState: String, Equatable, Sendable, CaseIterable {
    case idle = "IDLE"
    case scanning = "SCANNING"
    case connecting = "CONNECTING"
    case connected = "CONNECTED"
}
