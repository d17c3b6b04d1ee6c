/// The identity calibrations and sessions are filed under: the GripFit's BLE address when the
/// bridge reported it, else `fallback`, the port's own key (the bridge's USB serial number, else
/// the port path), which the edge that opened the port knows.
public enum DeviceKey {
    public static func key(address: BLEAddress?, fallback: String) -> String {
        address.map { "ble:\($0)" } ?? fallback
    }

    /// The key once the ``IdentityGate`` has decided, with a notice when it is not the GripFit's own.
    public static func key(_ decision: IdentityGate.Decision, fallback: String) -> (key: String, notice: String?) {
        func seconds(_ wait: Duration) -> String { wait.seconds.formatted(decimals: 1) }
        switch decision {
        case .bridge(let address):
            return (key(address: address, fallback: fallback), nil)
        case .noBridge, .wait:
            return (
                fallback,
                "no bridge identity (no B: lines within \(seconds(IdentityGate.defaultWait)) s, so a plain serial relay): "
                    + "filing under \(fallback)"
            )
        case .bridgeSilent:
            return (fallback, "the bridge named no GripFit within \(seconds(IdentityGate.defaultBridgeWait)) s: filing under \(fallback)")
        }
    }
}
