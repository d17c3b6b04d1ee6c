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
///   or power cycle may have happened out of sight): a reading nearer 0 than the calibration's
///   zero comes from a tared GripFit, so 0 counts is zero force; otherwise the GripFit is untared
///   and the calibration's zero holds. The two only get confused by a grip stronger than half the
///   calibration's zero, held while the link comes up.
public struct ZeroTracker: Equatable, Sendable {
    public let calibration: Calibration
    /// Counts at zero force in the current readings; nil until a reading or tare settles it.
    public private(set) var zero: Double?
    public private(set) var source: ZeroSource?

    public init(calibration: Calibration) {
        self.calibration = calibration
    }

    /// Feeds one session report; call it before converting a reading, so the reading that opens a
    /// link settles the zero it is shown with.
    public mutating func observe(_ report: SessionReport) {
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
    public static func resolve(firstRaw: Int32, calibration: Calibration) -> (zero: Double, source: ZeroSource) {
        let raw = Double(firstRaw)
        return abs(raw) < abs(raw - calibration.offset) ? (0, .taredBefore) : (calibration.offset, .calibration)
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
