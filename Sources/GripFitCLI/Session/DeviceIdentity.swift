import GripFitCore
import GripFitLinux

/// The device key, decided as every session command decides it (``IdentityGate``), with the
/// notice when it is not the GripFit's own; decided again when the bridge connects to another
/// GripFit (one chosen on the page, or a replug behind the same dongle).
struct DeviceIdentity {
    private var gate = IdentityGate()
    private var decided: (key: String, address: BLEAddress?)?

    /// Nil while the gate still waits for the bridge to name the GripFit (a few seconds at most).
    /// `notice` gets the line to show: standard error, or above a live view.
    mutating func key(
        at now: MonotonicInstant, machine: SessionMachine, connection: Connection,
        notice: (String) -> Void = { StandardOutput.error($0) }
    ) -> String? {
        if let decided, machine.deviceAddress == nil || machine.deviceAddress == decided.address { return decided.key }
        if decided != nil { gate = IdentityGate() }
        let decision = gate.decide(readingAt: now, address: machine.deviceAddress, behindBridge: machine.behindBridge)
        if decision == .wait { return nil }
        let identity = DeviceKey.key(decision, connection: connection)
        if let text = identity.notice { notice("gripfit-serial: \(text)") }
        decided = (identity.key, machine.deviceAddress)
        return identity.key
    }
}
