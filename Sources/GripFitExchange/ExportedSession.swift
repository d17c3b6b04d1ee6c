import GripFitCore
import GripFitRecords

/// The JSON form of one session. Field names are snake_case and stable: other tools read them.
struct ExportedSession: Codable {
    struct Calibration: Codable {
        var offset: Double
        var countsPerKg: Double
        var date: String
        var massKg: Double?
    }

    /// The figures of ``SummaryField/all``, each under its key: what the importer checks is there.
    struct Summary: Codable {
        var figures: SessionSummary

        /// The field's key as Codable spells it; the snake-case strategies turn it into the key.
        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }

            init(_ field: SummaryField) {
                let words = field.key.split(separator: "_")
                stringValue = String(words.first ?? "") + words.dropFirst().map(\.capitalized).joined()
            }

            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(_ figures: SessionSummary) {
            self.figures = figures
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            figures = SummaryField.empty
            for field in SummaryField.all {
                let key = Key(field)
                if field.isExtra, !container.contains(key) { continue }
                let value: Double
                if field.kind == .count {
                    let count = try container.decode(Int.self, forKey: key)
                    guard (0...Int(Int32.max)).contains(count) else {
                        throw DecodingError.dataCorruptedError(
                            forKey: key,
                            in: container,
                            debugDescription: "\(count) is out of range (0 to \(Int32.max))"
                        )
                    }
                    value = Double(count)
                } else {
                    value = try container.decode(Double.self, forKey: key)
                }
                field.assign(&figures, value)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for field in SummaryField.all {
                let value = field.value(figures)
                if field.kind == .count {
                    try container.encode(Int(value), forKey: Key(field))
                } else {
                    try container.encode(value, forKey: Key(field))
                }
            }
        }
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
    /// The stable name's uid (``StableName``); absent in older exports, whose sessions get the one
    /// derived from device and start.
    var uid: String?
    var device: String
    var startedAt: String
    var firmware: String?
    var bridgeVersion: String?
    var label: String?
    var hand: Hand?
    var `protocol`: String?
    var trial: Int?
    /// The subject's code, the assessment's id in this file, the attempt number and a flagged
    /// attempt's reason; absent in older exports.
    var subject: String?
    var assessment: Int64?
    var attempt: Int?
    var flag: String?
    /// The station that recorded it; absent in older exports and for sessions from before stations.
    var station: String?
    /// `kg` when calibrated, else `raw`: what summary and reps are in.
    var unit: String
    var calibration: Calibration?
    var summary: Summary
    var reps: [Rep]
    /// The trial's force–time measures (``TrialMeasures``) in ``unit``, each under its key with its
    /// unit (``TrialMeasureField/key(unit:)``) and `rfd_window_s`; null for one the trace cannot give,
    /// whose reason is under ``measuresUnavailable``. Absent in older exports; an import recomputes them.
    var measures: [String: Double?]?
    var measuresUnavailable: [String: String]?
    var trace: Trace

    init(_ session: StoredSession) {
        let summary = session.summary
        id = session.id
        uid = session.uid
        device = session.device
        startedAt = Timestamp.rfc3339(milliseconds: session.startedAtMilliseconds)
        firmware = session.firmware
        bridgeVersion = session.bridgeVersion
        label = session.label
        hand = session.hand
        self.protocol = session.protocolName
        trial = session.trial
        subject = session.tags.subject
        assessment = session.tags.assessment
        attempt = session.tags.attempt
        flag = session.tags.flag
        station = session.station
        unit = session.unitName
        calibration = session.calibration.map {
            Calibration(offset: $0.offset, countsPerKg: $0.countsPerKilogram, date: $0.date, massKg: $0.massKilograms)
        }
        self.summary = Summary(summary)
        reps = summary.reps.enumerated().map { index, rep in
            Rep(
                number: index + 1,
                start: rep.start,
                end: rep.end,
                duration: rep.duration,
                peak: rep.peak,
                peakTime: rep.peakTime,
                impulse: rep.impulse,
                mean: rep.mean,
                interrupted: rep.interrupted
            )
        }
        let trial = session.measures
        var measures: [String: Double?] = ["rfd_window_s": trial.rfdWindow]
        var unavailable: [String: String] = [:]
        for field in TrialMeasureField.allCases {
            let key = field.key(unit: session.unitName)
            measures[key] = .some(field.measure(trial).value)
            if let reason = field.measure(trial).reason { unavailable[key] = reason }
        }
        self.measures = measures
        measuresUnavailable = unavailable
        trace = Trace(
            samples: session.trace.samples.map { [$0.micros, Int64($0.raw)] },
            gaps: session.trace.gaps.map { [$0.startMicros, $0.endMicros] }
        )
    }
}
