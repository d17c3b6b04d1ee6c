import GRDB
import GripFitRecords

extension SQLiteHistory {
    /// v9: the audit trail's tables (``AuditSchema``) and triggers that refuse an UPDATE or DELETE
    /// of an entry, so only someone who drops them by hand can change one, which `audit verify` finds.
    static func addAuditTrail(_ db: Database) throws {
        for statement in AuditSchema.statements(key: AuditSchema.newKey()) { try db.execute(sql: statement) }
        for change in ["UPDATE", "DELETE"] {
            try db.execute(
                sql: """
                    CREATE TRIGGER audit_no_\(change.lowercased()) BEFORE \(change) ON audit
                    BEGIN SELECT RAISE(ABORT, '\(AuditSchema.appendOnly)'); END
                    """
            )
        }
    }

    /// Committed without its own fsync (`synchronous = NORMAL` for this transaction only, in WAL
    /// mode): the entry is on disk with the next session saved or the next checkpoint, so a recording
    /// costs one fsync, not two (Benchmarks/README.md, "Audit trail"). A power cut before then loses
    /// the newest entries with the chain's head, which stays whole: `audit verify` still holds.
    public func appendAudit(_ event: AuditEvent, by actor: AuditActor, at atMilliseconds: Int64) throws(StoreError) {
        do {
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                defer { try? db.execute(sql: "PRAGMA synchronous = FULL") }
                try db.inTransaction {
                    try SQLHistory(db).appendAudit(event, by: actor, at: atMilliseconds, location: path)
                    return .commit
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    public func auditEntries(_ filter: AuditFilter) throws(StoreError) -> [AuditEntry] {
        try read { db in try SQLHistory(db).auditEntries(filter, location: path) }
    }

    public func verifyAudit() throws(StoreError) -> AuditBreak? {
        try read { db in try SQLHistory(db).verifyAudit(location: path) }
    }
}
