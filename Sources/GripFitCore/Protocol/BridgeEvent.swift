/// The bridge's own `B:` lines (firmware-bridge/PROTOCOL.md).
public enum BridgeEvent: Equatable, Sendable {
    case hello(version: String)
    case scanning
    case found(address: BLEAddress, rssi: Int, name: String)
    case connecting(BLEAddress)
    case connected(BLEAddress)
    case disconnected(BLEAddress, reason: String)
    case notFound
    case notRecognized(BLEAddress)
    case status(BridgeLinkState, BLEAddress?)
    case error(BridgeErrorCode, detail: String?)
}
