import Foundation
import GripFitRecords

/// What every command and the dashboard call to record an access or change of health data: the
/// history, who acts and the clock, built once where the history is opened and passed on, so each
/// call site is one line. A trail that cannot be written (a history this user may only read) is
/// said on `warn` and does not stop the command: the data was already shown or written.
public struct AuditTrail: Sendable {
    /// The history, got at each entry: the dashboard's may be reopened (a server found again).
    private let history: @Sendable () throws -> any SessionHistory
    public let actor: AuditActor
    private let clock: @Sendable () -> Int64
    private let warn: @Sendable (String) -> Void

    public init(
        history: any SessionHistory,
        actor: AuditActor,
        clock: @escaping @Sendable () -> Int64 = { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) },
        warn: @escaping @Sendable (String) -> Void
    ) {
        self.init(opening: { history }, actor: actor, clock: clock, warn: warn)
    }

    /// The trail of whatever history `opening` gives at each entry.
    public init(
        opening: @escaping @Sendable () throws -> any SessionHistory,
        actor: AuditActor,
        clock: @escaping @Sendable () -> Int64 = { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) },
        warn: @escaping @Sendable (String) -> Void
    ) {
        self.history = opening
        self.actor = actor
        self.clock = clock
        self.warn = warn
    }

    /// The same trail with another actor: a refused token is not the token's holder.
    public func acting(as other: AuditActor) -> AuditTrail {
        AuditTrail(opening: history, actor: other, clock: clock, warn: warn)
    }

    /// Records `event`; a failure is said, not thrown.
    public func record(_ event: AuditEvent) {
        do {
            try history().appendAudit(event, by: actor, at: clock())
        } catch {
            warn("gripfit-serial: not recorded in the audit trail (\(event.action.rawValue)): \(error)")
        }
    }

    /// Records `action` concerning these subjects, sessions and assessments.
    public func record(
        _ action: AuditAction,
        subjects: [String] = [],
        sessions: [String] = [],
        assessments: [String] = [],
        detail: String = "",
        outcome: String = "ok"
    ) {
        record(AuditEvent(action, subjects: subjects, sessions: sessions, assessments: assessments, detail: detail, outcome: outcome))
    }
}
