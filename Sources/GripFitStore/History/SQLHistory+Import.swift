import Foundation
import GripFitClinical
import GripFitExchange
import GripFitRecords

extension SQLHistory {
    /// Sessions an import checks and writes together: a few statements per batch, not three per
    /// session, which on a server a round trip away was most of an import's time.
    package static var importBatch: Int { 200 }

    /// Values bound in one statement at most: under SQLite's 32,766 and the PostgreSQL protocol's 65,535.
    static var maximumValues: Int { 30_000 }

    /// Trace bytes in one statement at most, so a batch of long recordings is not one huge message.
    static var maximumTraceBytes: Int { 8 << 20 }

    /// Subjects first (``file(_:held:location:)``; one a tombstone names is not filed), then
    /// assessments (one the history holds, same device, start and protocol, is reused), then
    /// sessions, each checked against the file and the history, in the caller's transaction: a
    /// refused file writes nothing. What names a subject forgotten here is not
    /// filed, and counted as erased. Sessions are written as ``insert(_:trace:sameStart:location:failAfterReps:)``
    /// writes them one by one, in batches up to the first one whose start or name is taken.
    package func importContents(
        _ contents: ExchangeContents,
        traces: [StoredTrace],
        location: String
    ) throws -> ImportOutcome {
        var erased: Set<String> = []
        for subject in contents.subjects {
            if try !file(subject, held: contents.heldSubjects, location: location) { erased.insert(subject.code.lowercased()) }
        }
        func isErased(_ code: String?) -> Bool { code.map { erased.contains($0.lowercased()) } ?? false }
        var known: Set<String> = []
        func checkKnown(_ code: String?, of what: String) throws {
            guard let code, !known.contains(code) else { return }
            // In the file (filed by now) or the history, with this very case.
            guard let row = try subjectRow(code: code), (row["code"] as String?) == code else {
                throw StoreError.badImport(
                    line: 1,
                    reason: "\(what) names subject '\(code)', which neither the file nor the history holds. Nothing was imported"
                )
            }
            known.insert(code)
        }
        var ids: [Int64: Int64] = [:]
        var erasedAssessments: Set<Int64> = []
        for (fileID, facts) in contents.assessments {
            if isErased(facts.subject) {
                erasedAssessments.insert(fileID)
                continue
            }
            try checkKnown(facts.subject, of: "assessment \(fileID)")
            ids[fileID] = try heldAssessment(facts) ?? insertAssessment(facts)
        }
        var outcome = ImportOutcome(added: 0, skipped: 0)
        var filed: [(session: StoredSession, trace: StoredTrace)] = []
        for (index, (session, trace)) in zip(contents.sessions, traces).enumerated() {
            if isErased(session.tags.subject) || session.tags.assessment.map(erasedAssessments.contains) == true {
                outcome.erased += 1
                continue
            }
            try checkKnown(session.tags.subject, of: "session \(index + 1)")
            var session = session
            session.tags.assessment = session.tags.assessment.flatMap { ids[$0] }
            filed.append((session, trace))
        }
        var start = 0
        while start < filed.count {
            start = try importBatch(filed[start..<min(start + Self.importBatch, filed.count)], location: location, into: &outcome)
        }
        return outcome
    }

    private func heldAssessment(_ facts: AssessmentFacts) throws -> Int64? {
        try rows(
            "SELECT id FROM assessment WHERE device = ? AND started_at_ms = ? AND protocol = ? ORDER BY id LIMIT 1",
            [facts.device, facts.startedAtMilliseconds, facts.protocolName]
        ).first?["id"]
    }

    /// A session's place: the history holds one session per device and start.
    private struct Start: Hashable {
        let device: String
        let milliseconds: Int64
    }

    /// Files the sessions of `batch` up to the first whose start or name the history or the batch
    /// already holds, in one statement each for sessions, reps and traces; that one is filed alone
    /// by the one-by-one rule (moved on, or skipped). A session whose name the history holds is
    /// that session again, skipped. Returns where the next batch starts.
    private func importBatch(
        _ batch: ArraySlice<(session: StoredSession, trace: StoredTrace)>,
        location: String,
        into outcome: inout ImportOutcome
    ) throws -> Int {
        let held = try heldPlaces(batch.map(\.session))
        var starts = held.starts
        var names = Set(held.names.keys)
        var clean: [(session: StoredSession, trace: StoredTrace)] = []
        var alone: Int?
        for position in batch.indices {
            let session = batch[position].session
            if let uid = session.uid, held.names[uid] != nil {
                outcome.skipped += 1
                continue
            }
            let start = Start(device: session.device, milliseconds: session.startedAtMilliseconds)
            if starts.contains(start) || session.uid.map(names.contains) == true {
                alone = position
                break
            }
            starts.insert(start)
            if let uid = session.uid { names.insert(uid) }
            clean.append(batch[position])
        }
        for saved in try insertAll(clean, location: location) {
            if case .inserted = saved { outcome.added += 1 } else { outcome.skipped += 1 }
        }
        guard let alone else { return batch.endIndex }
        switch try insert(batch[alone].session, trace: batch[alone].trace, sameStart: .skip, location: location) {
        case .inserted: outcome.added += 1
        case .duplicate: outcome.skipped += 1
        }
        return alone + 1
    }

    /// The starts and names (with their sessions' ids) of `sessions` the history already holds.
    private func heldPlaces(_ sessions: [StoredSession]) throws -> (starts: Set<Start>, names: [String: Int64]) {
        var conditions: [String] = []
        var values: [(any StoredValueConvertible)?] = []
        for session in sessions {
            conditions.append("(device = ? AND started_at_ms = ?)")
            values += [session.device, session.startedAtMilliseconds]
        }
        let uids = sessions.compactMap(\.uid)
        if !uids.isEmpty {
            conditions.append("uid IN (\(Array(repeating: "?", count: uids.count).joined(separator: ", ")))")
            values += uids.map { $0 as (any StoredValueConvertible)? }
        }
        var starts: Set<Start> = []
        var names: [String: Int64] = [:]
        guard !conditions.isEmpty else { return (starts, names) }
        let wanted = Set(uids)
        for row in try rows("SELECT id, device, started_at_ms, uid FROM session WHERE " + conditions.joined(separator: " OR "), values) {
            starts.insert(Start(device: row["device"] ?? "", milliseconds: row["started_at_ms"] ?? 0))
            if let uid: String = row["uid"], wanted.contains(uid) { names[uid] = row["id"] ?? 0 }
        }
        return (starts, names)
    }

    /// Inserts sessions no start or name of which is taken, with their reps and traces, a few
    /// statements for all; one another writer took meanwhile is filed by the one-by-one rule.
    private func insertAll(_ sessions: [(session: StoredSession, trace: StoredTrace)], location: String) throws -> [SaveOutcome] {
        guard !sessions.isEmpty else { return [] }
        let records = sessions.map { SessionRecord.values($0.session) }
        let columns = records[0].map(\.column)
        var ids: [Start: Int64] = [:]
        for part in Self.parts(records.indices, width: columns.count) {
            let sql =
                "INSERT INTO session (\(columns.joined(separator: ", "))) VALUES "
                + Self.tuples(part.count, width: columns.count) + " ON CONFLICT DO NOTHING RETURNING id, device, started_at_ms"
            let values = part.flatMap { records[$0].map { $0.value as (any StoredValueConvertible)? } }
            for row in try rows(sql, values) {
                ids[Start(device: row["device"] ?? "", milliseconds: row["started_at_ms"] ?? 0)] = row["id"] ?? 0
            }
        }
        var outcomes: [SaveOutcome] = []
        var reps: [(any StoredValueConvertible)?] = []
        var traces: [(id: Int64, trace: StoredTrace)] = []
        for (session, trace) in sessions {
            guard let id = ids[Start(device: session.device, milliseconds: session.startedAtMilliseconds)] else {
                outcomes.append(try insert(session, trace: trace, sameStart: .skip, location: location))
                continue
            }
            outcomes.append(.inserted(id: id))
            for (index, rep) in session.summary.reps.enumerated() {
                reps +=
                    [
                        id, index + 1, rep.start, rep.end, rep.peak, rep.peakTime, rep.impulse, rep.mean, rep.sampleCount, rep.interrupted,
                    ] as [(any StoredValueConvertible)?]
            }
            traces.append((id, trace))
        }
        let repWidth = 10
        for part in Self.parts(0..<(reps.count / repWidth), width: repWidth) {
            try connection.execute(
                connection.dialect.numbered(
                    #"INSERT INTO rep (session_id, number, start, "end", peak, peak_time, impulse, mean, sample_count, interrupted) "#
                        + "VALUES " + Self.tuples(part.count, width: repWidth)
                ),
                Array(reps[(part.lowerBound * repWidth)..<(part.upperBound * repWidth)])
            )
        }
        var part: [(id: Int64, trace: StoredTrace)] = []
        var bytes = 0
        for (index, trace) in traces.enumerated() {
            part.append(trace)
            bytes += trace.trace.blob.count
            guard index == traces.count - 1 || bytes >= Self.maximumTraceBytes || part.count * 3 >= Self.maximumValues else { continue }
            try connection.execute(
                connection.dialect.numbered(
                    "INSERT INTO trace (session_id, encoding, inflated_size, data) VALUES "
                        + Array(repeating: "(?, 'gft1+zlib', ?, ?)", count: part.count).joined(separator: ", ")
                ),
                part.flatMap { [$0.id, $0.trace.inflatedSize, $0.trace.blob] as [(any StoredValueConvertible)?] }
            )
            part = []
            bytes = 0
        }
        return outcomes
    }

    /// `rows` cut into runs of at most ``maximumValues`` values, `width` a row.
    private static func parts(_ rows: Range<Int>, width: Int) -> [Range<Int>] {
        let size = max(maximumValues / max(width, 1), 1)
        return stride(from: rows.lowerBound, to: rows.upperBound, by: size).map { $0..<min($0 + size, rows.upperBound) }
    }

    /// `(?, …), (?, …)`: `count` rows of `width` placeholders.
    private static func tuples(_ count: Int, width: Int) -> String {
        let tuple = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        return Array(repeating: tuple, count: count).joined(separator: ", ")
    }
}
