import GripFitCore
import GripFitOutput
import GripFitRecords

/// `monitor`'s stream as a session consumer: each report as a JSONL object, a CSV row or a plain
/// text line (stdout no terminal) at its wall-clock time, as its format's encoder writes it
/// (``Format/encoder(unit:port:)``), appended to a ``BatchedOutput`` and written once per wake-up in
/// ``idle(into:)``. A reading takes the byte fast path (``EventEncoder/appendJSONL(reading:time:to:)``),
/// no allocation, unless it carries a force.
///
/// Alone it is the session's one consumer. With a unit, or beside a live view and a recording, its
/// ``calibrated`` side sits behind a ``CalibratedSession``: a reading carries its force in the unit
/// once the calibration is known (raw until then, and raw on an uncalibrated device).
///
/// With a port (`monitor` following several dongles, one stream each) every JSONL event carries a
/// "port" field and every text line starts with `[port]`; CSV has no port column.
public final class LiveStream: LinkConsumer {
    /// What `monitor --format` names, in its help's order.
    public enum Format: String, CaseIterable, Sendable {
        /// A live view on a terminal (the CLI's); one line per event otherwise.
        case text
        /// One JSON object per event.
        case jsonl
        /// `time,raw` per reading.
        case csv

        /// The format's encoder: `unit` names CSV's force column; `port` tags each event (JSONL, text).
        public func encoder(unit: ForceUnit?, port: String?) -> StreamEncoder {
            StreamEncoder(format: self, unit: unit, port: port)
        }
    }

    private let encoder: StreamEncoder
    private let unit: ForceUnit?
    private let output: BatchedOutput
    private let wallTime: any WallTime
    /// Where the calibration's notices go (stderr in the CLI): not part of the stream.
    private let notice: (String) -> Void
    private var time = TimestampCache()
    private var display: ForceDisplay?

    /// `unit`: readings carry their force in it once a ``CalibratedSession`` in front decides the calibration.
    /// `port`: the dongle each event is tagged with, when several are followed at once.
    public init(
        format: Format,
        unit: ForceUnit? = nil,
        port: String? = nil,
        output: BatchedOutput,
        wallTime: any WallTime,
        notice: @escaping (String) -> Void = { _ in }
    ) {
        // The dongle's port as the system names it: escaped once, per format, where it is written.
        encoder = format.encoder(unit: unit, port: port)
        self.unit = unit
        self.output = output
        self.wallTime = wallTime
        self.notice = notice
    }

    /// The line the encoder writes before the first event: CSV's column names; nil for the other formats.
    public var header: String? {
        var bytes: [UInt8] = []
        encoder.begin(into: &bytes)
        return bytes.isEmpty ? nil : String(decoding: bytes.dropLast(), as: UTF8.self)
    }

    public func handle(_ report: LinkReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        write(report, kilograms: nil, at: now, into: &actions)
    }

    /// The same stream behind a ``CalibratedSession``: readings with their force once calibrated.
    public var calibrated: Calibrated { Calibrated(self) }

    /// The stream's side that consumes reports after the calibration stage; it writes into the stream.
    public final class Calibrated: LinkConsumer {
        private let stream: LiveStream

        init(_ stream: LiveStream) {
            self.stream = stream
        }

        public func handle(
            _ calibrated: CalibratedReport,
            at now: MonotonicInstant,
            link: LinkFacts,
            into actions: inout [ConsumerAction]
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

    private func write(_ report: LinkReport, kilograms: Double?, at now: MonotonicInstant, into actions: inout [ConsumerAction]) {
        if output.failed {
            actions.append(.stop)
            return
        }
        time.set(milliseconds: wallTime.epochMilliseconds(at: now))
        let calibrated = display.flatMap { $0.isCalibrated ? $0 : nil }
        if calibrated == nil, case .message(.reading(let raw)) = report,
            encoder.addPlainReading(raw, time: time.bytes, into: &output.bytes)
        {
            output.flushIfFull()
            return
        }
        encoder.add(StreamEvent(report: report, time: time.bytes, kilograms: kilograms, display: calibrated), into: &output.bytes)
        output.flushIfFull()
    }

    /// A reading with its force; `kilograms` from the session's ``CalibrationStage``, `port` as in ``init``.
    public static func reading(
        _ raw: Int32,
        kilograms: Double?,
        time: String,
        display: ForceDisplay,
        format: Format,
        port: String? = nil
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
            return TextEventLines.tagged("\(time) reading \(raw) = \(display.text(kilograms: kilograms, raw: raw))", port: port)
        }
    }
}
