/// The one stage between the session and every consumer that shows or records force: it decides
/// which GripFit the readings come from (``IdentityGate``), looks up that device's calibration
/// (through the injected `lookup`), and follows tares and power cycles with one ``ZeroTracker``.
/// Each report leaves it with the device key once decided and, for a reading, its force in kg.
/// Display (unit, decimals, "raw") is left to the edge. Sendable: the dashboard keeps it behind a lock.
public struct CalibrationStage<Record: CalibrationRecord>: Sendable {
    /// The calibration filed under a device key; nil when there is none; throws when it cannot be read.
    public typealias Lookup = @Sendable (String) throws -> Record?

    /// The GripFit the readings come from, as decided on one reading.
    public struct Decided {
        public var key: String
        /// Why the key is not the GripFit's own BLE identity; nil when it is.
        public var notice: String?
        /// The calibration filed under ``key`` (nil: none), or why it could not be read.
        public var lookup: Result<Record?, any Error>

        /// For a consumer that must not go on without its device's calibration file (a recording):
        /// says the notice, then gives the lookup's failure, which ends the session.
        public func failure(notice say: (String) -> Void) -> (any Error)? {
            if let notice { say(notice) }
            guard case .failure(let error) = lookup else { return nil }
            return error
        }
    }

    /// One report as it leaves the stage.
    public struct Output {
        public var report: LinkReport
        /// Set on the reading that decided the device: the first one counted, and again when the
        /// bridge moves to another GripFit if the stage follows changes.
        public var decided: Decided?
        /// The device key, once decided.
        public var device: String?
        /// A reading's force against the tracked zero; nil while the device, its calibration or
        /// the zero is unknown.
        public var kilograms: Double?
    }

    /// The port's own key, for a GripFit the bridge does not name.
    public let fallbackKey: String
    /// Decide again when the bridge names another GripFit (the dashboard); a recording keeps the first.
    public let followsChanges: Bool
    private let lookup: Lookup
    private var gate: IdentityGate
    private var decidedAddress: BLEAddress?
    public private(set) var device: String?
    /// Why ``device`` is not the GripFit's own BLE identity; nil when it is or before the decision.
    public private(set) var notice: String?
    /// The device's calibration as filed; nil before the decision, when there is none, or when it could not be read.
    public private(set) var record: Record?
    /// Where zero force sits now; nil without a calibration.
    public private(set) var zero: ZeroTracker?

    public init(fallbackKey: String, followsChanges: Bool = false, gate: IdentityGate = IdentityGate(), lookup: @escaping Lookup) {
        self.fallbackKey = fallbackKey
        self.followsChanges = followsChanges
        self.gate = gate
        self.lookup = lookup
    }

    public var isCalibrated: Bool { record != nil }

    /// The calibration as it applies to the readings now: the filed scale with the tracked zero.
    public var current: Calibration? { zero?.current }

    /// One report, with what the session knows at that moment.
    public mutating func handle(_ report: LinkReport, at now: MonotonicInstant, link: LinkFacts) -> Output {
        var decided: Decided?
        if case .message(.reading) = report { decided = decide(at: now, link: link) }
        zero?.observe(report)
        var output = Output(report: report, decided: decided, device: device, kilograms: nil)
        if case .message(.reading(let raw)) = report { output.kilograms = kilograms(raw: raw) }
        return output
    }

    /// The device as things stand at the end of a session (`calibrate`): the GripFit the bridge
    /// names now, however late it said so (the gate may have settled on the port's key before),
    /// else what was decided, else a decision now if the gate is still waiting.
    public func settle(link: LinkFacts) -> (key: String, notice: String?) {
        if let address = link.deviceAddress { return DeviceKey.key(.bridge(address), fallback: fallbackKey) }
        if let device { return (device, notice) }
        let decision: IdentityGate.Decision =
            link.deviceAddress.map { .bridge($0) } ?? (link.behindBridge ? .bridgeSilent : .noBridge)
        return DeviceKey.key(decision, fallback: fallbackKey)
    }

    /// `raw` in kilograms against the tracked zero.
    public func kilograms(raw: Int32) -> Double? {
        zero?.value(raw: raw, in: .kilograms)
    }

    private mutating func decide(at now: MonotonicInstant, link: LinkFacts) -> Decided? {
        if device != nil {
            guard followsChanges, let address = link.deviceAddress, address != decidedAddress else { return nil }
            gate = IdentityGate(wait: gate.wait, bridgeWait: gate.bridgeWait)
        }
        let decision = gate.decide(readingAt: now, address: link.deviceAddress, behindBridge: link.behindBridge)
        if decision == .wait { return nil }
        let (key, notice) = DeviceKey.key(decision, fallback: fallbackKey)
        decidedAddress = link.deviceAddress
        let result: Result<Record?, any Error>
        if key == device {
            result = .success(record)
        } else {
            result = Result { try lookup(key) }
            record = try? result.get()
            zero = record.map { ZeroTracker(calibration: $0.calibration) }
        }
        device = key
        self.notice = notice
        return Decided(key: key, notice: notice, lookup: result)
    }
}
