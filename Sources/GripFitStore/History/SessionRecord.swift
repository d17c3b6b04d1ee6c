import Foundation
import GripFitCore
import GripFitRecords

/// A session's row in the `session` table, its columns named once: ``Columns`` for who, when and
/// how it was calibrated, ``SummaryField/all`` for the figures. Saving and reading both walk
/// these, so no statement lists the columns by position. Reading checks every value's type and
/// range (``StoredRow``), so a damaged row names its column instead of trapping.
package struct SessionRecord {
    static let table = "session"

    package enum Columns: String, CaseIterable {
        case id
        case device
        case startedAt = "started_at_ms"
        case firmware
        case bridgeVersion = "bridge_version"
        case label
        case hand
        case protocolName = "protocol"
        case trial
        case calibrationOffset = "calibration_offset"
        case calibrationScale = "calibration_counts_per_kg"
        case calibrationDate = "calibration_date"
        case calibrationMass = "calibration_mass_kg"
        case unit
        case repCount = "rep_count"
        case subject
        case assessment = "assessment_id"
        case attempt
        case flag
        case station
        case uid
    }

    /// Every column a save writes (all but `id`), with its value.
    package static func values(_ session: StoredSession) -> [(column: String, value: StoredValue)] {
        let calibration = session.calibration
        let own: [(Columns, (any StoredValueConvertible)?)] = [
            (.device, session.device), (.startedAt, session.startedAtMilliseconds), (.firmware, session.versions.firmware),
            (.bridgeVersion, session.versions.bridge), (.label, session.tags.label), (.hand, session.tags.hand?.rawValue),
            (.protocolName, session.tags.protocolName), (.trial, session.tags.trial), (.calibrationOffset, calibration?.offset),
            (.calibrationScale, calibration?.countsPerKilogram), (.calibrationDate, calibration?.date),
            (.calibrationMass, calibration?.massKilograms), (.unit, session.unitName), (.repCount, session.summary.reps.count),
            (.subject, session.tags.subject), (.assessment, session.tags.assessment), (.attempt, session.tags.attempt),
            (.flag, session.tags.flag), (.station, session.station),
            (.uid, session.uid ?? StableName.random()),
        ]
        let figures: [(String, StoredValue)] = SummaryField.all.map { field in
            let value = field.value(session.summary)
            return (field.key, field.kind == .count ? Int64(value).storedValue : value.storedValue)
        }
        return own.map { ($0.0.rawValue, $0.1.storedValue) } + figures
    }

    /// `INSERT` of `values` (``values(_:)``, and an id for a probe) returning the new id, in `?`
    /// placeholders; no row where the device already has a session at that start, or the history
    /// one of that name (``StableName``).
    package static func insert(
        _ values: [(column: String, value: StoredValue)]
    )
        -> (sql: String, arguments: [(any StoredValueConvertible)?])
    {
        let columns = values.map(\.column).joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: values.count).joined(separator: ", ")
        return (
            "INSERT INTO \(table) (\(columns)) VALUES (\(placeholders)) ON CONFLICT DO NOTHING RETURNING id",
            values.map { $0.value as (any StoredValueConvertible)? }
        )
    }

    /// The columns `history` lists: all but the calibration's, without the reps and trace, in the
    /// order ``row(_:id:)`` reads them, so ``ColumnPositions`` finds each at its first try.
    package static let listed: String = {
        let first: [Columns] = [
            .id, .device, .startedAt, .firmware, .bridgeVersion, .label, .hand, .protocolName, .trial, .subject, .assessment,
            .attempt, .flag, .unit, .calibrationDate,
        ]
        let last: [Columns] = [.repCount, .station, .uid]
        return (first.map(\.rawValue) + SummaryField.all.map(\.key) + last.map(\.rawValue)).joined(separator: ", ")
    }()

    /// One row of ``listed`` values (by `positions`) added to `listing`, or to its damaged ones.
    package static func list(_ values: [StoredValue], positions: ColumnPositions, into listing: inout SessionListing) {
        switch listed(values, positions: positions) {
        case .success(let row): listing.rows.append(row)
        case .failure(let error): listing.damaged.append(error)
        }
    }

    /// One row of ``listed`` values (by `positions`), or why it does not read.
    package static func listed(_ values: [StoredValue], positions: ColumnPositions) -> Result<SessionRow, StoreError> {
        let position = positions.position(of: Columns.id.rawValue)
        let id = position.flatMap { values.indices.contains($0) ? Int64(storedValue: values[$0]) : nil } ?? 0
        do throws(StoreError) {
            return .success(try row(StoredRow(values: values, session: id, positions: positions), id: id))
        } catch {
            return .failure(error)
        }
    }

    /// One row of `history`, from the ``listed`` columns, checked in the order they are listed.
    package static func row(_ stored: StoredRow, id: Int64) throws(StoreError) -> SessionRow {
        SessionRow(
            id: id,
            device: try stored.value(Columns.device.rawValue),
            startedAtMilliseconds: try startTime(stored),
            versions: try versions(stored),
            tags: try tags(stored),
            calibrated: (try stored.value(Columns.unit.rawValue) as String) != "raw",
            calibrationDate: try stored.optional(Columns.calibrationDate.rawValue),
            summary: try summary(stored),
            repCount: try stored.count(Columns.repCount.rawValue),
            station: try stored.optional(Columns.station.rawValue),
            uid: try stored.optional(Columns.uid.rawValue)
        )
    }

    /// A whole session: its row, its reps and its trace.
    package static func session(
        id: Int64,
        row: HistoryRow,
        reps repRows: [HistoryRow],
        trace traceRow: HistoryRow?
    ) throws(StoreError)
        -> StoredSession
    {
        let stored = StoredRow(row: row, session: id)
        guard let traceRow else { throw stored.damaged("trace", "is missing") }
        let traceColumns = StoredRow(row: traceRow, session: id)
        guard (try traceColumns.value("encoding") as String) == "gft1+zlib" else {
            throw stored.damaged("trace", "has an unknown encoding")
        }
        let data: Data = try traceColumns.value("data")
        let trace: RawTrace
        do {
            let inflated = try Zlib.decompress(Array(data), expectedSize: try traceColumns.count("inflated_size"))
            trace = try TraceCodec.decode(inflated)
        } catch {
            throw stored.damaged("trace", "does not decode: \(error)")
        }
        var reps: [RepSummary] = []
        for repRow in repRows {
            let rep = StoredRow(row: repRow, session: id)
            reps.append(
                RepSummary(
                    start: try rep.finite("start"),
                    end: try rep.finite("end"),
                    peak: try rep.finite("peak"),
                    peakTime: try rep.finite("peak_time"),
                    impulse: try rep.finite("impulse"),
                    mean: try rep.finite("mean"),
                    sampleCount: try rep.count("sample_count"),
                    interrupted: try rep.value("interrupted")
                )
            )
        }
        let device: String = try stored.value(Columns.device.rawValue)
        var calibration: StoredCalibration?
        if let offset = try stored.optionalFinite(Columns.calibrationOffset.rawValue),
            let scale = try stored.optionalFinite(Columns.calibrationScale.rawValue)
        {
            guard StoredCalibration.isPlausible(offset: offset, countsPerKilogram: scale) else {
                throw stored.damaged("calibration", "is out of range (offset \(offset), \(scale) counts/kg)")
            }
            calibration = StoredCalibration(
                device: device,
                calibration: Calibration(offset: offset, countsPerKilogram: scale),
                date: try stored.optional(Columns.calibrationDate.rawValue) ?? "",
                massKilograms: try stored.optionalFinite(Columns.calibrationMass.rawValue)
            )
        }
        var summary = try summary(stored)
        summary.reps = reps
        var session = StoredSession(
            id: id,
            device: device,
            startedAtMilliseconds: try startTime(stored),
            firmware: nil,
            label: nil,
            hand: nil,
            calibration: calibration,
            summary: summary,
            trace: trace
        )
        session.versions = try versions(stored)
        session.tags = try tags(stored)
        session.station = try stored.optional(Columns.station.rawValue)
        session.uid = try stored.optional(Columns.uid.rawValue)
        return session
    }

    /// The figures, without reps.
    private static func summary(_ stored: StoredRow) throws(StoreError) -> SessionSummary {
        var summary = SummaryField.empty
        for field in SummaryField.all {
            field.assign(&summary, field.kind == .count ? Double(try stored.count(field.key)) : try stored.finite(field.key))
        }
        return summary
    }

    /// A start time RFC 3339 can print: what `record` and `import` store.
    private static func startTime(_ stored: StoredRow) throws(StoreError) -> Int64 {
        let value: Int64 = try stored.value(Columns.startedAt.rawValue)
        guard RFC3339.range.contains(value) else { throw stored.damaged(Columns.startedAt.rawValue, "is \(value)") }
        return value
    }

    private static func versions(_ stored: StoredRow) throws(StoreError) -> DeviceVersions {
        DeviceVersions(
            firmware: try stored.optional(Columns.firmware.rawValue),
            bridge: try stored.optional(Columns.bridgeVersion.rawValue)
        )
    }

    private static func tags(_ stored: StoredRow) throws(StoreError) -> SessionTags {
        SessionTags(
            label: try stored.optional(Columns.label.rawValue),
            hand: try hand(stored),
            protocolName: try stored.optional(Columns.protocolName.rawValue),
            trial: try stored.optional(Columns.trial.rawValue),
            subject: try stored.optional(Columns.subject.rawValue),
            assessment: try stored.optional(Columns.assessment.rawValue),
            attempt: try stored.optional(Columns.attempt.rawValue),
            flag: try stored.optional(Columns.flag.rawValue)
        )
    }

    private static func hand(_ stored: StoredRow) throws(StoreError) -> Hand? {
        guard let text: String = try stored.optional(Columns.hand.rawValue) else { return nil }
        guard let hand = Hand(rawValue: text) else { throw stored.damaged(Columns.hand.rawValue, "is not left or right") }
        return hand
    }
}
