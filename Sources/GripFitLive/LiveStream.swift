import GripFitCore
import GripFitOutput
import GripFitRecords

/// `monitor`'s stream as a session consumer: each report as a JSONL object, a CSV row or a plain
/// text line (stdout no terminal) at its wall-clock time, appended to a ``BatchedOutput`` and
/// written once per wake-up in ``idle(into:)``. A reading takes the byte fast path
/// (``EventEncoder/appendJSONL(reading:time:to:)``), no allocation, unless it carries a force.
///
/// Alone it is the session's one consumer. With a unit, or beside a live view and a recording, its
/// ``calibrated`` side sits behind a ``CalibratedSession``: a reading carries its force in the unit
/// once the calibration is known (raw until then, and raw on an uncalibrated device).
///
/// With a port (`monitor` following several dongles, one stream each) every JSONL event carries a
/// "port" field and every text line starts with `[port]`; CSV has no port column.
public final class LiveStream: SessionConsumer {
    /// What `monitor --format` names, in its help's order.
    public enum Format: String, CaseIterable, Sendable {
        /// A live view on a terminal (the CLI's); one line per event otherwise.
        case text
        /// One JSON object per event.
        case jsonl
        /// `time,raw` per reading.
        case csv
    }

    private let format: Format
    private let unit: ForceUnit?
    /// The dongle's port as the system names it: escaped once, per format, where it is written.
    private let port: String?
    private let output: BatchedOutput
    private let wallTime: any WallTime
    /// Where the calibration's notices go (stderr in the CLI): not part of the stream.
    private let notice: (String) -> Void
    private var time = TimestampCache()
    private var display: ForceDisplay?

    /// `unit`: readings carry their force in it once a ``CalibratedSession`` in front decides the calibration.
    /// `port`: the dongle each event is tagged with, when several are followed at once.
    public init(
        format: Format, unit: ForceUnit? = nil, port: String? = nil, output: BatchedOutput, wallTime: any WallTime,
        notice: @escaping (String) -> Void = { _ in }
    ) {
        self.format = format
        self.unit = unit
        self.port = port
        self.output = output
        self.wallTime = wallTime
        self.notice = notice
    }

    /// The line before the first event: CSV's column names; nil for the other formats.
    public var header: String? {
        guard format == .csv else { return nil }
        return unit.map { "\(EventEncoder.csvHeader),force_\($0.rawValue)" } ?? EventEncoder.csvHeader
    }

    public func handle(_ report: SessionReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        write(report, kilograms: nil, at: now, into: &actions)
    }

    /// The same stream behind a ``CalibratedSession``: readings with their force once calibrated.
    public var calibrated: Calibrated { Calibrated(self) }

    /// The stream's side that consumes reports after the calibration stage; it writes into the stream.
    public final class Calibrated: SessionConsumer {
        private let stream: LiveStream

        init(_ stream: LiveStream) {
            self.stream = stream
        }

        public func handle(
            _ calibrated: CalibratedReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]
        ) {
            if let unit = stream.unit, let decided = calibrated.output.decided {
                for line in CalibrationNotice.lines(decided) { stream.notice(line) }
                stream.display = ForceDisplay(calibration: calibrated.stage.record, unit: unit)
            }
            stream.write(calibrated.output.report, kilograms: calibrated.output.kilograms, at: now, into: &actions)
        }

        public func idle(into actions: inout [ConsumerAction]) {
            stream.idle(into: &actions)
        }
    }

    /// Writes the wake-up's events; stops the session once the output is gone (a closed pipe).
    public func idle(into actions: inout [ConsumerAction]) {
        if !output.flush() { actions.append(.stop) }
    }

    private func write(_ report: SessionReport, kilograms: Double?, at now: MonotonicInstant, into actions: inout [ConsumerAction]) {
        if output.failed {
            actions.append(.stop)
            return
        }
        time.set(milliseconds: wallTime.epochMilliseconds(at: now))
        if case .message(.reading(let raw)) = report {
            if let display, display.isCalibrated {
                output.line(Self.reading(raw, kilograms: kilograms, time: time.text, display: display, format: format, port: port))
                return
            }
            // The byte fast path has no port field: a tagged reading takes the general one below.
            if port == nil {
                switch format {
                case .jsonl: EventEncoder.appendJSONL(reading: raw, time: time.bytes, to: &output.bytes)
                case .csv: EventEncoder.appendCSV(reading: raw, time: time.bytes, to: &output.bytes)
                case .text: EventEncoder.appendText(reading: raw, time: time.bytes, to: &output.bytes)
                }
                output.flushIfFull()
                return
            }
        }
        let text: String? =
            switch format {
            case .jsonl: EventEncoder.jsonl(report, time: time.text, port: port)
            case .csv: EventEncoder.csv(report, time: time.text)
            case .text: EventEncoder.text(report, time: time.text).map { Self.tagged($0, port: port) }
            }
        if let text { output.line(text) }
    }

    /// A reading with its force; `kilograms` from the session's ``CalibrationStage``, `port` as in ``init``.
    public static func reading(
        _ raw: Int32, kilograms: Double?, time: String, display: ForceDisplay, format: Format, port: String? = nil
    ) -> String {
        let value = display.value(kilograms: kilograms, raw: raw)
        switch format {
        case .jsonl:
            var object = JSONObject()
            object.set("event", "reading")
            object.set("time", time)
            object.set("raw", Int(raw))
            object.set("force", value.rounded(decimals: 3))
            object.set("unit", display.unitName)
            if let port { object.set("port", port) }
            return object.text
        case .csv:
            return "\(time),\(raw),\(value.formatted(decimals: 3))"
        case .text:
            return tagged("\(time) reading \(raw) = \(display.text(kilograms: kilograms, raw: raw))", port: port)
        }
    }

    /// A text line as `monitor` prints it for one of several dongles: `[port] ` first.
    private static func tagged(_ line: String, port: String?) -> String {
        port.map { "[\(UntrustedText.escaped($0))] \(line)" } ?? line
    }
}
