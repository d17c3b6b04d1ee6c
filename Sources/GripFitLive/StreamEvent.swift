import GripFitCore

/// One event of `monitor`'s stream as its format's encoder (``LiveStream/Format/encoder(unit:port:)``)
/// takes it: the report, its wall-clock time as RFC 3339 bytes (``TimestampCache``), and a reading's
/// force once the calibration is known.
public struct StreamEvent {
    public var report: LinkReport
    public var time: [UInt8]
    /// The reading's force from the session's ``CalibrationStage``; nil before and without one.
    public var kilograms: Double?
    /// Set when readings carry a force: a calibrated device's, with a unit asked for.
    public var display: ForceDisplay?

    public init(report: LinkReport, time: [UInt8], kilograms: Double? = nil, display: ForceDisplay? = nil) {
        self.report = report
        self.time = time
        self.kilograms = kilograms
        self.display = display
    }

    public var timeText: String { String(decoding: time, as: UTF8.self) }
}
