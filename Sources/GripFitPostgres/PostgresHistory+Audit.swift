import GripFitRecords
import GripFitStore

extension PostgresHistory {
    public func appendAudit(_ event: AuditEvent, by actor: AuditActor, at atMilliseconds: Int64) throws(StoreError) {
        try transaction { statements in try SQLHistory(statements).appendAudit(event, by: actor, at: atMilliseconds, location: location) }
    }

    public func auditEntries(_ filter: AuditFilter) throws(StoreError) -> [AuditEntry] {
        try read { statements in try SQLHistory(statements).auditEntries(filter, location: location) }
    }

    public func verifyAudit() throws(StoreError) -> AuditBreak? {
        try read { statements in try SQLHistory(statements).verifyAudit(location: location) }
    }
}
