/// Where zero force sits in the readings the GripFit sends now: the calibration's scale with a
/// zero that follows the device's tares and power cycles.
///
/// A calibration measures two things: counts per kilogram (the load cell's scale, which nothing
/// on the host or the device changes) and the reading with nothing on the handle. The GripFit's
/// `CMD:TARE` shifts its readings so the load at that moment reads 0, and a power cycle shifts
/// them back to the sensor's own zero; neither touches the scale. So only the zero is tracked,
/// per session, from what the host sees:
/// - `S:TARED`: from now on 0 counts is zero force (net weight, as on any scale).
/// - The first reading of each link (the session's start, and after every reconnect, when a tare
///   or power cycle may have happened out of sight) tells a tared GripFit (0 counts is zero force)
///   from an untared one (the calibration's zero holds), see ``resolve(firstRaw:calibration:)``.
public struct ZeroTracker: Equatable, Sendable {
    /// How far below the calibration's zero an untared reading may still fall (drift, noise), in kg.
    public static let untaredMarginKilograms = 5.0

    public let calibration: Calibration
    /// Counts at zero force in the current readings; nil until a reading or tare settles it.
    public private(set) var zero: Double?
    public private(set) var source: ZeroSource?

    public init(calibration: Calibration) {
        self.calibration = calibration
    }

    /// Feeds one session report; call it before converting a reading, so the reading that opens a
    /// link settles the zero it is shown with.
    public mutating func observe(_ report: LinkReport) {
        switch report {
        case .message(.status(.tared)):
            zero = 0
            source = .tare
        case .message(.reading(let raw)):
            if zero == nil { (zero, source) = Self.resolve(firstRaw: raw, calibration: calibration) }
        case .state(.connected), .state(.error(.sensorNotReady)):
            break
        case .state:
            // The link is down: the GripFit may be tared or power-cycled before it is back.
            zero = nil
            source = nil
        case .message, .warning, .commandFinished:
            break
        }
    }

    /// The zero for readings that start with `firstRaw`, as the first reading of a link decides it.
    ///
    /// A grip only presses, so an untared GripFit never reads much below the calibration's zero:
    /// when that zero is well above 0, a reading more than ``untaredMarginKilograms`` below it
    /// comes from a tared GripFit, and only a net grip within that margin of the whole zero
    /// (about 37 kg on the simulator), held while the link comes up, could pass for untared.
    /// Otherwise the nearer of the two zeros wins.
    public static func resolve(firstRaw: Int32, calibration: Calibration) -> (zero: Double, source: ZeroSource) {
        let raw = Double(firstRaw)
        let zero = calibration.offset
        let margin = untaredMarginKilograms * calibration.countsPerKilogram
        let tared = zero > 2 * margin ? raw < zero - margin : abs(raw) < abs(raw - zero)
        return tared ? (0, .taredBefore) : (zero, .calibration)
    }

    /// The calibration with its zero moved to where the readings have it now; nil until settled.
    public var current: Calibration? {
        zero.map { Calibration(offset: $0, countsPerKilogram: calibration.countsPerKilogram) }
    }

    /// `raw` as it would read against `reference`, the zero a recording started with: a tare or
    /// power cycle mid-recording shifts the readings, and a trace keeps one frame. Nil until the
    /// zero is settled, or when the shifted reading would not fit a reading.
    public func raw(_ raw: Int32, against reference: Double) -> Int32? {
        guard let zero else { return nil }
        let shifted = (Double(raw) - zero + reference).rounded()
        guard shifted.isFinite, shifted >= Double(Int32.min), shifted <= Double(Int32.max) else { return nil }
        return Int32(shifted)
    }

    public func value(raw: Int32, in unit: ForceUnit) -> Double? {
        current?.value(raw: raw, in: unit)
    }
}
