extension AuditEvent {
    /// `action` concerning one session: its subject, if any, and its stable name (its id before names).
    public static func session(_ action: AuditAction, _ session: StoredSession, detail: String = "") -> AuditEvent {
        AuditEvent(
            action,
            subjects: session.tags.subject.map { [$0] } ?? [],
            sessions: [session.name ?? session.id.map { "#\($0)" } ?? ""].filter { !$0.isEmpty },
            detail: detail
        )
    }

    /// `action` concerning one assessment: its subject, if any, and its stable name (`A<n>` before names).
    public static func assessment(_ action: AuditAction, _ assessment: StoredAssessment, detail: String = "") -> AuditEvent {
        AuditEvent(
            action,
            subjects: assessment.facts.subject.map { [$0] } ?? [],
            assessments: [assessment.stableName ?? assessment.name],
            detail: detail
        )
    }
}
