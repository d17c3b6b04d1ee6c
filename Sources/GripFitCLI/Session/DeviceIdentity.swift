import GripFitCore
import GripFitLinux

/// The device key, decided as `monitor` and `record` decide it (``IdentityGate``), and decided
/// again when the bridge connects to another GripFit (one chosen on the page).
struct DeviceIdentity {
    private var gate = IdentityGate()
    private var decided: (key: String, address: BLEAddress?)?

    mutating func key(at now: MonotonicInstant, machine: SessionMachine, connection: Connection) -> String? {
        if let decided, machine.deviceAddress == nil || machine.deviceAddress == decided.address { return decided.key }
        if decided != nil { gate = IdentityGate() }
        let decision = gate.decide(readingAt: now, address: machine.deviceAddress, behindBridge: machine.behindBridge)
        if decision == .wait { return nil }
        let identity = DeviceKey.key(decision, connection: connection)
        if let notice = identity.notice { StandardOutput.error("gripfit-serial: \(notice)") }
        decided = (identity.key, machine.deviceAddress)
        return identity.key
    }
}
