/// What an audit trail entry (``AuditEntry``) says was done to health data: the accesses and
/// changes issue 37 lists, named as `audit list --action` takes them. Each maps onto a BALP
/// pattern (read, query, create, update, delete, export, import) for `audit export --format fhir`.
public enum AuditAction: String, CaseIterable, Sendable, Codable {
    case show
    case history
    case plot
    case report
    case export
    case `import`
    case sync
    case copy
    case subjectAdd = "subject-add"
    case subjectEdit = "subject-edit"
    case subjectForget = "subject-forget"
    case calibrate
    case record
    case login
    case view
    /// `dashboard token add` and `revoke`: who may use the dashboard, and as what.
    case tokenAdd = "token-add"
    case tokenRevoke = "token-revoke"

    /// FHIR's AuditEvent.action code: C create, R read, U update, D delete, E execute.
    public var crud: String {
        switch self {
        case .show, .history, .plot, .report, .view: "R"
        case .export, .login: "E"
        case .import, .subjectAdd, .record, .tokenAdd: "C"
        case .sync, .copy, .subjectEdit, .calibrate: "U"
        case .subjectForget, .tokenRevoke: "D"
        }
    }
}
