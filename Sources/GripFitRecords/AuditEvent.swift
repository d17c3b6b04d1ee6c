/// What a command or the dashboard asks the audit trail to record: one access or change of health
/// data, with what it concerned. Subject codes are given as they are; the history keeps only their
/// keyed digests (``AuditEntry/subjects``).
public struct AuditEvent: Equatable, Sendable {
    public var action: AuditAction
    public var subjects: [String]
    /// Stable names (``StableName``) of the sessions concerned.
    public var sessions: [String]
    /// Stable names of the assessments concerned.
    public var assessments: [String]
    /// What else says what was done: an export's format, "all subjects", a route.
    public var detail: String
    /// `ok`, or `failed: ` and why.
    public var outcome: String

    public init(
        _ action: AuditAction,
        subjects: [String] = [],
        sessions: [String] = [],
        assessments: [String] = [],
        detail: String = "",
        outcome: String = "ok"
    ) {
        self.action = action
        self.subjects = subjects
        self.sessions = sessions
        self.assessments = assessments
        self.detail = detail
        self.outcome = outcome
    }
}
