import Foundation
import GripFitCore
import GripFitRecords
import GripFitStore

extension PostgresHistory {
    /// The session, its reps and its trace in one transaction, as ``SQLiteHistory`` files them.
    @discardableResult
    public func save(_ session: StoredSession, sameStart: SameStart) throws(StoreError) -> SaveOutcome {
        let stored = try StoredTrace(session.trace)
        return try transaction { statements in try insert(statements, session, trace: stored, sameStart: sameStart) }
    }

    /// Writes one session, its reps and its trace inside the caller's transaction (``SQLHistory``'s rule).
    func insert(
        _ statements: PostgresStatements,
        _ session: StoredSession,
        trace: StoredTrace,
        sameStart: SameStart
    ) throws
        -> SaveOutcome
    {
        try SQLHistory(statements).insert(session, trace: trace, sameStart: sameStart, location: location)
    }

    public func allIDs() throws(StoreError) -> [Int64] {
        try read { statements in try SQLHistory(statements).allIDs() }
    }

    public func sessions(afterID: Int64, limit: Int) throws(StoreError) -> [StoredSession] {
        try read { statements in try SQLHistory(statements).sessions(afterID: afterID, limit: limit) }
    }

    public func session(id: Int64) throws(StoreError) -> StoredSession {
        guard let session = try read({ statements in try SQLHistory(statements).session(id: id) }) else { throw .notFound(id: id) }
        return session
    }
}
