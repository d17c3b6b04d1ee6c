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

    public func appendAudit(_ event: AuditEvent, by actor: AuditActor, at atMilliseconds: Int64) throws(StoreError) {
        try write { db in try SQLHistory(db).appendAudit(event, by: actor, at: atMilliseconds, location: path) }
    }

    public func auditEntries(_ filter: AuditFilter) throws(StoreError) -> [AuditEntry] {
        try read { db in try SQLHistory(db).auditEntries(filter, location: path) }
    }

    public func verifyAudit() throws(StoreError) -> AuditBreak? {
        try read { db in try SQLHistory(db).verifyAudit(location: path) }
    }
}
