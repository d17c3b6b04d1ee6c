import GripFitCore

/// The JSON form of one session. Field names are snake_case and stable: other tools read them.
struct ExportedSession: Codable {
    struct Calibration: Codable {
        var offset: Double
        var countsPerKg: Double
        var date: String
        var massKg: Double?
    }

    struct Summary: Codable {
        var peak: Double
        var peakTime: Double
        var mean: Double
        var duration: Double
        var activeDuration: Double
        var timeToPeak: Double
        var peakRfd: Double
        var impulse: Double
        var sampleCount: Int
        var gapCount: Int
        var gapDuration: Double
        var threshold: Double
    }

    struct Rep: Codable {
        var number: Int
        var start: Double
        var end: Double
        var duration: Double
        var peak: Double
        var peakTime: Double
        var impulse: Double
        var mean: Double
        var interrupted: Bool
    }

    struct Trace: Codable {
        /// `[microseconds since start, raw counts]`.
        var samples: [[Int64]]
        /// `[start, end]` in microseconds since start.
        var gaps: [[Int64]]
    }

    var id: Int64?
    var device: String
    var startedAt: String
    var firmware: String?
    var bridgeVersion: String?
    var label: String?
    var hand: Hand?
    var `protocol`: String?
    var trial: Int?
    /// `kg` when calibrated, else `raw`: what summary and reps are in.
    var unit: String
    var calibration: Calibration?
    var summary: Summary
    var reps: [Rep]
    var trace: Trace

    init(_ session: StoredSession) {
        let summary = session.summary
        id = session.id
        device = session.device
        startedAt = Timestamp.rfc3339(milliseconds: session.startedAtMilliseconds)
        firmware = session.firmware
        bridgeVersion = session.bridgeVersion
        label = session.label
        hand = session.hand
        self.protocol = session.protocolName
        trial = session.trial
        unit = session.unitName
        calibration = session.calibration.map {
            Calibration(offset: $0.offset, countsPerKg: $0.countsPerKilogram, date: $0.date, massKg: $0.massKilograms)
        }
        self.summary = Summary(
            peak: summary.peak, peakTime: summary.peakTime, mean: summary.mean, duration: summary.duration,
            activeDuration: summary.activeDuration, timeToPeak: summary.timeToPeak, peakRfd: summary.peakRFD,
            impulse: summary.impulse, sampleCount: summary.sampleCount, gapCount: summary.gapCount,
            gapDuration: summary.gapDuration, threshold: summary.threshold)
        reps = summary.reps.enumerated().map { index, rep in
            Rep(
                number: index + 1, start: rep.start, end: rep.end, duration: rep.duration, peak: rep.peak,
                peakTime: rep.peakTime, impulse: rep.impulse, mean: rep.mean, interrupted: rep.interrupted)
        }
        trace = Trace(
            samples: session.trace.samples.map { [$0.micros, Int64($0.raw)] },
            gaps: session.trace.gaps.map { [$0.startMicros, $0.endMicros] })
    }
}
