import Foundation
import GripFitClinical
import GripFitCore
import GripFitOutput
import GripFitRecords

/// Export to JSON or CSV, and import of either. Import rebuilds each session from its trace and
/// re-analyses it with the exported threshold, so a file cannot smuggle in a summary its readings
/// do not support, and the result equals what was exported.
public enum SessionExchange {
    /// Larger import files are refused before they are read.
    public static let maximumImportBytes = 256 * 1024 * 1024

    /// The columns up to `bridge_version`, which files from before the tags end with.
    private static let bridgeHeader = [
        "device", "started_at", "firmware", "label", "hand", "protocol", "trial", "calibration_offset",
        "calibration_counts_per_kg", "calibration_date", "calibration_mass_kg", "threshold", "kind", "time_s",
        "end_s", "raw", "force", "unit", "bridge_version",
    ]
    static let csvHeader = bridgeHeader + TagField.all.map(\.key) + ["station"]
    /// The column of the station, last.
    static let stationColumn = bridgeHeader.count + TagField.all.count
    /// The headers before the station, the tags and `bridge_version` were added; such files still import, without them.
    static let legacyCSVHeaders = [Array(csvHeader.dropLast()), bridgeHeader, Array(bridgeHeader.dropLast())]

    /// Throws rather than write a partial file: a session holding a number the format cannot
    /// carry (inf, nan) fails the whole export, loudly.
    public static func export(_ sessions: [StoredSession], as format: SessionFormat) throws(StoreError) -> String {
        try export(sessions, subjects: [], assessments: [], as: format)
    }

    /// JSON carries the subjects and assessments too; CSV (one row per reading) carries the sessions
    /// with their tags (whose subject, which assessment and attempt, the flag), not the subjects' facts
    /// or the assessments' settings: only a JSON export rebuilds assessments.
    public static func export(
        _ sessions: [StoredSession],
        subjects: [Subject],
        assessments: [StoredAssessment],
        as format: SessionFormat
    ) throws(StoreError) -> String {
        var text = ""
        var writer = try ExportWriter(format: format, subjects: subjects, assessments: assessments) { text += $0 }
        for session in sessions { try writer.add(session) }
        try writer.finish()
        return text
    }

    static func json(
        _ sessions: [StoredSession],
        subjects: [Subject] = [],
        assessments: [StoredAssessment] = []
    ) throws(StoreError) -> String {
        try export(sessions, subjects: subjects, assessments: assessments, as: .json)
    }

    static func csv(_ sessions: [StoredSession]) throws(StoreError) -> String {
        try export(sessions, subjects: [], assessments: [], as: .csv)
    }

    /// A session's CSV rows: one per reading, then one per gap.
    static func csvLines(_ session: StoredSession) throws(StoreError) -> [String] {
        var lines: [String] = []
        let calibration = session.calibration
        let numbers = [session.summary.threshold, calibration?.offset, calibration?.countsPerKilogram, calibration?.massKilograms]
        guard numbers.allSatisfy({ $0?.isFinite ?? true }) else {
            throw .notExportable("session \(session.id.map(String.init) ?? session.device) holds a non-finite number")
        }
        let common = [
            CSVLine.text(session.device), Timestamp.rfc3339(milliseconds: session.startedAtMilliseconds),
            DeviceText(session.firmware ?? "").csv, CSVLine.text(session.label ?? ""), session.hand?.rawValue ?? "",
            CSVLine.text(session.protocolName ?? ""), session.trial.map(String.init) ?? "",
            calibration.map { String($0.offset) } ?? "", calibration.map { String($0.countsPerKilogram) } ?? "",
            CSVLine.text(calibration?.date ?? ""), calibration?.massKilograms.map { String($0) } ?? "",
            String(session.summary.threshold),
        ]
        let tail =
            [DeviceText(session.bridgeVersion ?? "").csv] + TagField.all.map { CSVLine.text($0.text(session.tags) ?? "") }
            + [CSVLine.text(session.station ?? "")]
        for sample in session.trace.samples {
            let force = calibration.map { String($0.calibration.kilograms(raw: sample.raw)) } ?? String(sample.raw)
            lines.append(CSVLine.join(common + ["sample", seconds(sample.micros), "", String(sample.raw), force, session.unitName] + tail))
        }
        for gap in session.trace.gaps {
            lines.append(CSVLine.join(common + ["gap", seconds(gap.startMicros), seconds(gap.endMicros), "", "", ""] + tail))
        }
        return lines
    }

    private static func seconds(_ micros: Int64) -> String {
        let sign = micros < 0 ? "-" : ""
        let magnitude = micros.magnitude
        let fraction = String(magnitude % 1_000_000)
        return sign + String(magnitude / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// Reads a file `export` wrote, in either format.
    public static func parse(_ text: String) throws(StoreError) -> [StoredSession] {
        try contents(text).sessions
    }

    /// The sessions, subjects and assessments of a file `export` wrote.
    public static func contents(_ text: String) throws(StoreError) -> ExchangeContents {
        let trimmed = text.drop { $0.isWhitespace }
        return trimmed.hasPrefix("{") ? try parseJSON(text) : ExchangeContents(sessions: try parseCSV(text), subjects: [], assessments: [])
    }

    static func parseJSON(_ text: String) throws(StoreError) -> ExchangeContents {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let document: ExportDocument
        do {
            document = try decoder.decode(ExportDocument.self, from: Data(text.utf8))
        } catch {
            throw .badImport(line: 1, reason: (error as? DecodingError)?.words ?? "it does not read as a gripfit export")
        }
        guard document.format == ExportDocument.formatName, document.version == 1 else {
            throw .badImport(
                line: 1,
                reason: "it is \"\(document.format)\" version \(document.version); this version of gripfit-serial reads "
                    + "\"\(ExportDocument.formatName)\" version 1"
            )
        }
        var sessions: [StoredSession] = []
        for (index, exported) in document.sessions.enumerated() { sessions.append(try session(exported, number: index + 1)) }
        var subjects: [Subject] = []
        for exported in document.subjects ?? [] { subjects.append(try exported.subject()) }
        var assessments: [(fileID: Int64, facts: AssessmentFacts)] = []
        for exported in document.assessments ?? [] { assessments.append((exported.id, try exported.facts())) }
        try checkTags(sessions, assessments: assessments)
        return ExchangeContents(sessions: sessions, subjects: subjects, assessments: assessments)
    }

    /// One session of a JSON export, rebuilt from its trace; `number` counts from 1 in the file, for
    /// messages. `scanned` is its trace when ``TraceScan`` read and checked it (the decoded one is then empty).
    static func session(_ exported: ExportedSession, number: Int, scanned: RawTrace? = nil) throws(StoreError) -> StoredSession {
        var samples: [RawSample] = scanned?.samples ?? []
        for pair in exported.trace.samples {
            guard pair.count == 2, let raw = Int32(exactly: pair[1]), samples.count < TraceCodec.maximumCount else {
                throw .badImport(line: 1, reason: "session \(number): a trace sample is not [micros, raw]")
            }
            samples.append(RawSample(micros: pair[0], raw: raw))
        }
        var gaps: [TraceGap] = scanned?.gaps ?? []
        for pair in exported.trace.gaps {
            guard pair.count == 2 else { throw .badImport(line: 1, reason: "session \(number): a gap is not [start, end]") }
            gaps.append(TraceGap(startMicros: pair[0], endMicros: pair[1]))
        }
        let calibration = exported.calibration.map {
            StoredCalibration(
                device: exported.device,
                calibration: Calibration(offset: $0.offset, countsPerKilogram: $0.countsPerKg),
                date: $0.date,
                massKilograms: $0.massKg
            )
        }
        guard gaps.count <= TraceCodec.maximumCount else {
            throw .badImport(line: 1, reason: "session \(number): too many gaps")
        }
        var session = try rebuild(
            line: 1,
            owner: "session \(number)",
            device: exported.device,
            startedAt: exported.startedAt,
            firmware: exported.firmware,
            bridgeVersion: exported.bridgeVersion,
            label: exported.label,
            hand: exported.hand,
            protocolName: exported.protocol,
            trial: exported.trial,
            calibration: calibration,
            threshold: exported.summary.figures.threshold,
            trace: RawTrace(samples: samples, gaps: gaps)
        )
        session.tags.subject = exported.subject
        session.tags.assessment = exported.assessment
        session.tags.attempt = exported.attempt
        // Cleaned as a CSV's flag is: the report prints it beside the attempt.
        session.tags.flag = CleanText.clean(exported.flag)
        session.station = CleanText.clean(exported.station)
        session.uid = try uid(exported.uid, of: "session \(number)", else: session.uid)
        return session
    }

    /// A stable name's uid as a file gives it, checked (26 characters of ``StableName``'s alphabet);
    /// `fallback` (the one derived for a file from before names) when the file gives none.
    static func uid(_ given: String?, of owner: String, else fallback: String?) throws(StoreError) -> String? {
        guard let given else { return fallback }
        guard StableName.isUID(given) else {
            throw .badImport(line: 1, reason: "\(owner): uid \(UntrustedText.escaped(given)) is not one `export` writes")
        }
        return given
    }

    /// Each session's subject code is one `subject add` takes, and its assessment is one of the
    /// file's, in the same unit: an attempt in raw counts must not be read as kilograms.
    static func checkTags(_ sessions: [StoredSession], assessments: [(fileID: Int64, facts: AssessmentFacts)]) throws(StoreError) {
        let units = Dictionary(assessments.map { ($0.fileID, $0.facts.unit) }, uniquingKeysWith: { first, _ in first })
        guard units.count == assessments.count else { throw .badImport(line: 1, reason: "two assessments have one id") }
        for (index, session) in sessions.enumerated() {
            if let subject = session.tags.subject {
                do throws(SubjectError) {
                    try Subject.check(code: subject)
                } catch {
                    throw .badImportedSubject(error)
                }
            }
            guard let assessment = session.tags.assessment else { continue }
            guard let unit = units[assessment] else {
                throw .badImport(line: 1, reason: "session \(index + 1) names assessment \(assessment), which the file does not hold")
            }
            guard unit == session.unitName else {
                throw .badImport(
                    line: 1,
                    reason: "session \(index + 1) is in \(session.unitName) but its assessment \(assessment) in \(unit)"
                )
            }
        }
    }

    static func parseCSV(_ text: String) throws(StoreError) -> [StoredSession] {
        // Lines split on scalars: "\r\n" is one Character and would not split on "\n".
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { scalars in
            Substring(scalars.last == "\r" ? scalars.dropLast() : scalars)
        }
        guard let header = lines.first.flatMap(CSVLine.split), header == csvHeader || legacyCSVHeaders.contains(header) else {
            throw .badImport(line: 1, reason: "not the header of a CSV export (device,started_at,firmware,…)")
        }
        struct Pending {
            var firstLine: Int
            var fields: [String]
            var trace = RawTrace()
        }
        var order: [String] = []
        var pending: [String: Pending] = [:]
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let number = offset + 1
            guard let cells = CSVLine.split(line), cells.count == header.count else {
                throw .badImport(line: number, reason: "expected \(header.count) fields")
            }
            let fields = cells.enumerated().map { Self.isText(column: $0.offset) ? CSVLine.untext($0.element) : $0.element }
            let key = fields[0] + "\u{0}" + fields[1]
            if pending[key] == nil {
                order.append(key)
                pending[key] = Pending(firstLine: number, fields: fields)
            }
            guard let time = micros(fields[13]) else { throw .badImport(line: number, reason: "time_s is not a number") }
            switch fields[12] {
            case "sample":
                guard let raw = Int32(fields[15]) else { throw .badImport(line: number, reason: "raw is not a 32-bit integer") }
                pending[key]?.trace.samples.append(RawSample(micros: time, raw: raw))
            case "gap":
                guard let end = micros(fields[14]) else { throw .badImport(line: number, reason: "end_s is not a number") }
                pending[key]?.trace.gaps.append(TraceGap(startMicros: time, endMicros: end))
            default:
                throw .badImport(line: number, reason: "kind must be sample or gap")
            }
            guard let trace = pending[key]?.trace, trace.samples.count + trace.gaps.count <= Int(TraceCodec.maximumCount) else {
                throw .badImport(line: number, reason: "too many readings in one session")
            }
        }
        var sessions: [StoredSession] = []
        for key in order {
            guard let entry = pending[key] else { continue }
            let fields = entry.fields
            let line = entry.firstLine
            var calibration: StoredCalibration?
            if !fields[7].isEmpty || !fields[8].isEmpty {
                guard let offset = Double(fields[7]), let scale = Double(fields[8]) else {
                    throw .badImport(line: line, reason: "calibration offset and scale must be numbers")
                }
                var mass: Double?
                if !fields[10].isEmpty {
                    guard let value = Double(fields[10]) else {
                        throw .badImport(line: line, reason: "calibration_mass_kg is not a number")
                    }
                    mass = value
                }
                calibration = StoredCalibration(
                    device: fields[0],
                    calibration: Calibration(offset: offset, countsPerKilogram: scale),
                    date: fields[9],
                    massKilograms: mass
                )
            }
            var trial: Int?
            if !fields[6].isEmpty {
                guard let value = Int(fields[6]) else { throw .badImport(line: line, reason: "trial is not a whole number") }
                trial = value
            }
            guard let threshold = Double(fields[11]) else { throw .badImport(line: line, reason: "threshold is not a number") }
            let hand: Hand?
            if fields[4].isEmpty {
                hand = nil
            } else if let parsed = Hand(rawValue: fields[4]) {
                hand = parsed
            } else {
                throw .badImport(line: line, reason: "hand must be left or right")
            }
            var session = try rebuild(
                // Device text in CSV carries the terminal's visible escapes (``DeviceText/csv``): undone here.
                line: line,
                owner: "session",
                device: fields[0],
                startedAt: fields[1],
                firmware: fields[2].isEmpty ? nil : UntrustedText.unescaped(fields[2]),
                bridgeVersion: fields.count > 18 && !fields[18].isEmpty ? UntrustedText.unescaped(fields[18]) : nil,
                label: fields[3].isEmpty ? nil : fields[3],
                hand: hand,
                protocolName: fields[5].isEmpty ? nil : fields[5],
                trial: trial,
                calibration: calibration,
                threshold: threshold,
                trace: entry.trace
            )
            for (offset, field) in TagField.all.enumerated() where fields.count > 19 + offset && !fields[19 + offset].isEmpty {
                guard field.assign(&session.tags, fields[19 + offset]) else {
                    throw .badImport(line: line, reason: "\(field.key) \(fields[19 + offset]) is not one `export` writes")
                }
            }
            if fields.count > stationColumn { session.station = CleanText.clean(fields[stationColumn]) }
            // A CSV carries no assessment's settings: its attempts import as sessions, tagged with their subject.
            session.tags.assessment = nil
            session.tags.subject = CleanText.clean(session.tags.subject)
            session.tags.flag = CleanText.clean(session.tags.flag)
            sessions.append(session)
        }
        try checkTags(sessions, assessments: [])
        return sessions
    }

    /// The columns holding text, which export guards against formula injection (``CSVLine/text(_:)``):
    /// these, and the tags after them.
    static let textColumns: Set<Int> = [0, 2, 3, 5, 9, 18]

    static func isText(column: Int) -> Bool { textColumns.contains(column) || column >= 19 }

    /// `12.345678` seconds to microseconds, exactly, as `seconds(_:)` wrote it; nil past ±292,000 years.
    private static func micros(_ text: String) -> Int64? {
        let negative = text.hasPrefix("-")
        let body = negative ? text.dropFirst() : Substring(text)
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int64(parts[0]) else { return nil }
        var fraction: Int64 = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard digits.count <= 6, digits.allSatisfy(\.isASCII), let value = Int64(digits.isEmpty ? "0" : digits) else {
                return nil
            }
            fraction = value * [1, 100_000, 10_000, 1_000, 100, 10, 1][digits.count]
        }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: 1_000_000)
        let (total, carry) = scaled.addingReportingOverflow(fraction)
        guard !overflow, !carry else { return nil }
        return negative ? -total : total
    }

    /// A calibration's date as `calibrate` writes it (RFC 3339), or none (empty in older files):
    /// any other text is refused naming the field, rather than stored and printed on a report.
    static func calibrationDate(_ text: String?, of owner: String, line: Int) throws(StoreError) -> String? {
        guard let text, !text.isEmpty else { return nil }
        guard Timestamp.parse(text) != nil else {
            throw .badImport(
                line: line,
                reason: "\(owner): calibration_date \(CleanText.clean(text) ?? "") is not an RFC 3339 time"
            )
        }
        return text
    }

    /// `owner` names the session in messages ("session 3" in a JSON file, whose lines are not counted).
    private static func rebuild(
        line: Int,
        owner: String,
        device: String,
        startedAt: String,
        firmware: String?,
        bridgeVersion: String?,
        label: String?,
        hand: Hand?,
        protocolName: String?,
        trial: Int?,
        calibration: StoredCalibration?,
        threshold: Double,
        trace: RawTrace
    ) throws(StoreError) -> StoredSession {
        guard let device = CleanText.clean(device) else { throw .badImport(line: line, reason: "device is empty") }
        guard let start = Timestamp.parse(startedAt) else {
            throw .badImport(line: line, reason: "started_at \(CleanText.clean(startedAt) ?? "") is not an RFC 3339 time")
        }
        var calibration = calibration
        if let given = calibration {
            guard
                StoredCalibration.isPlausible(
                    offset: given.offset,
                    countsPerKilogram: given.countsPerKilogram,
                    massKilograms: given.massKilograms
                )
            else {
                throw .badImport(
                    line: line,
                    reason: "the calibration must be finite numbers with a positive scale (offset \(given.offset), "
                        + "\(given.countsPerKilogram) counts/kg, mass \(given.massKilograms.map { String($0) } ?? "none"))"
                )
            }
            calibration?.device = device
            calibration?.date = try calibrationDate(given.date, of: owner, line: line) ?? ""
        }
        guard threshold.isFinite, abs(threshold) <= 1e15 else {
            throw .badImport(line: line, reason: "threshold \(threshold) is out of range")
        }
        if let trial, !(1...1_000).contains(trial) { throw .badImport(line: line, reason: "trial \(trial) is out of range") }
        var session = StoredSession.analysed(
            device: device,
            startedAtMilliseconds: start,
            firmware: CleanText.device(firmware),
            bridgeVersion: CleanText.device(bridgeVersion),
            label: CleanText.clean(label),
            hand: hand,
            protocolName: CleanText.clean(protocolName),
            trial: trial,
            calibration: calibration,
            trace: trace,
            threshold: .absolute(threshold)
        )
        // What a file from before names (and any CSV) carries: the name derived from device and start.
        session.uid = StableName.legacy(device: device, startedAtMilliseconds: start)
        return session
    }
}
