import Foundation
import GripFitCore
import GripFitRecords

extension SQLHistory {
    /// How far a session's start may be moved to a free millisecond: more sessions of one device
    /// starting within a second than any rack runs at once means a broken clock, not a collision.
    package static var furthestMove: Int64 { 1_000 }

    /// Writes one session, its reps and its trace inside the caller's transaction. A (device, start)
    /// the history holds: the same trace under ``SameStart/skip`` is that session again; anything
    /// else moves on to the next free millisecond, at most ``furthestMove`` away. `failAfterReps`
    /// is a test's: it throws after that many reps, to prove a failed save leaves nothing.
    package func insert(
        _ session: StoredSession,
        trace: StoredTrace,
        sameStart: SameStart,
        location: String,
        failAfterReps: Int? = nil
    ) throws -> SaveOutcome {
        var moved = session
        var id: Int64?
        while true {
            let insert = SessionRecord.insert(SessionRecord.values(moved))
            id = try rows(insert.sql, insert.arguments).first?["id"]
            if id != nil { break }
            // The session itself, already here under another start (moved to a free millisecond once).
            if let uid = session.uid, let named: Int64 = try rows("SELECT id FROM session WHERE uid = ?", [uid]).first?["id"] {
                return .duplicate(existingID: named)
            }
            let existing = try rows(
                """
                SELECT session.id, trace.data FROM session LEFT JOIN trace ON trace.session_id = session.id
                WHERE device = ? AND started_at_ms = ?
                """,
                [session.device, moved.startedAtMilliseconds]
            ).first
            if sameStart == .skip, (existing?["data"] as Data?) == trace.blob {
                return .duplicate(existingID: existing?["id"] ?? 0)
            }
            let start = moved.startedAtMilliseconds
            guard start < RFC3339.range.upperBound, start - session.startedAtMilliseconds < Self.furthestMove else {
                throw StoreError.unavailable(
                    path: location,
                    reason: "no free start time near \(Timestamp.rfc3339(milliseconds: session.startedAtMilliseconds)) is left for "
                        + "\(session.device)"
                )
            }
            moved.startedAtMilliseconds = start + 1
        }
        guard let id else { throw StoreError.corrupt("no id was returned for a new session") }
        for (index, rep) in session.summary.reps.enumerated() {
            if let failAfterReps, index == failAfterReps { throw StoreError.corrupt("injected failure") }
            try connection.execute(
                connection.dialect.numbered(
                    """
                    INSERT INTO rep (session_id, number, start, "end", peak, peak_time, impulse, mean, sample_count, interrupted)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
                ),
                [
                    id, index + 1, rep.start, rep.end, rep.peak, rep.peakTime, rep.impulse, rep.mean, rep.sampleCount,
                    rep.interrupted,
                ]
            )
        }
        try connection.execute(
            connection.dialect.numbered("INSERT INTO trace (session_id, encoding, inflated_size, data) VALUES (?, 'gft1+zlib', ?, ?)"),
            [id, trace.inflatedSize, trace.blob]
        )
        return .inserted(id: id)
    }
}
