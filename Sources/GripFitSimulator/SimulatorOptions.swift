/// How the virtual dongle and its GripFit behave.
public struct SimulatorOptions: Sendable {
    /// What the readings show.
    public enum Pattern: String, Sendable, CaseIterable {
        /// Squeeze-shaped force with sensor noise.
        case squeeze
        /// 1, 2, 3 … for every reading delivered to the host, so tests can prove none is lost or repeated.
        case counter
    }

    public var faults: Set<SimulatorFault> = []
    public var bugs: Set<SimulatorBug> = []
    public var pattern: Pattern = .squeeze
    /// What pulls on the sensor from the start; ``VirtualDongle/setLoad(_:)`` changes it later.
    public var load: SimulatedLoad = .squeezes
    /// Someone who squeezes on a guided protocol's cues (``VirtualDongle/cue(_:slot:)``) instead of ``load``.
    public var person: SimulatedPerson?
    /// Seconds after the start at which the GripFit loses power and boots again.
    public var powerCycles: [Double] = []
    public var seed: UInt64 = 1
    /// How many times faster than real time the simulator runs (`--speed`): readings, squeezes,
    /// rests, the bridge's delays, load schedules and power cycles all come this many times sooner.
    public var speed: Double = 1
    /// Behave as a plain USB-serial relay: device lines only, no `B:` lines, `BRIDGE:` commands unanswered.
    public var plainRelay = false
    public var firmwareVersion = "1.0"
    public var bridgeVersion = "1.0.0-sim"
    /// The simulated GripFit's BLE address, as the bridge protocol spells it.
    public var address = "C0:FF:EE:00:00:01"
    /// More GripFits in range (`simulate --gripfits 2`): the bridge finds them all and connects to
    /// the first, or to the pinned one. They share one simulated sensor.
    public var otherAddresses: [String] = []

    /// Every GripFit in range, in the order the bridge finds them.
    public var addresses: [String] { [address] + otherAddresses }

    public init() {}
}
