/// Commands the bridge handles itself (firmware-bridge/PROTOCOL.md).
public enum BridgeCommand: Hashable, Sendable {
    case info
    case status
    case scan
    case disconnect
    case connect(BLEAddress)
    case autoConnect(Bool)
    /// Connect only to this address; nil clears the pin.
    case pin(BLEAddress?)

    /// The line without its `\n`.
    public var line: String {
        switch self {
        case .info: "BRIDGE:INFO"
        case .status: "BRIDGE:STATUS"
        case .scan: "BRIDGE:SCAN"
        case .disconnect: "BRIDGE:DISCONNECT"
        case .connect(let address): "BRIDGE:CONNECT,\(address)"
        case .autoConnect(let on): "BRIDGE:AUTO,\(on ? "ON" : "OFF")"
        case .pin(let address): "BRIDGE:PIN,\(address.map(\.description) ?? "NONE")"
        }
    }
}
