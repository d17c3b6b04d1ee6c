import GripFitCore

/// The identity calibrations and sessions are filed under: the GripFit's BLE address when the
/// bridge reported it, else the bridge's USB serial number (from udev), else the port path.
enum DeviceKey {
    static func key(address: BLEAddress?, connection: Connection) -> String {
        if let address { return "ble:\(address)" }
        return connection.source.portKey
    }

    /// The key once the ``IdentityGate`` has decided, with a notice when it is not the GripFit's own.
    static func key(_ decision: IdentityGate.Decision, connection: Connection) -> (key: String, notice: String?) {
        func seconds(_ wait: Duration) -> String { wait.seconds.formatted(decimals: 1) }
        switch decision {
        case .bridge(let address):
            return (key(address: address, connection: connection), nil)
        case .noBridge, .wait:
            let key = key(address: nil, connection: connection)
            return (key, "no bridge identity (no B: lines within \(seconds(IdentityGate.defaultWait)) s, so a plain serial relay): filing under \(key)")
        case .bridgeSilent:
            let key = key(address: nil, connection: connection)
            return (key, "the bridge named no GripFit within \(seconds(IdentityGate.defaultBridgeWait)) s: filing under \(key)")
        }
    }
}
