import GripFitCore
import GripFitLive
import GripFitStore
import Synchronization

/// What a guided run from the page files its attempts under, as `record --protocol` does: the
/// subject picked on the page and one assessment, filed with the first attempt saved (a run
/// stopped before any files none). Its own lock: attempts are saved under the session's.
final class GuidedFiling: Sendable {
    private struct Run {
        var subject: String?
        var settings: GuidedProtocol.Settings
        var assessment: Int64?
    }

    private let run = Mutex<Run?>(nil)

    /// A new run: the last one's assessment is forgotten.
    func start(subject: String?, settings: GuidedProtocol.Settings) {
        run.withLock { $0 = Run(subject: subject, settings: settings) }
    }

    /// The last run's assessment, once its first attempt is saved: the page's report link.
    var assessment: Int64? {
        run.withLock { $0?.assessment }
    }

    /// `session` tagged with the run's subject and assessment, the assessment filed first if this
    /// is the run's first attempt.
    func filed(_ session: StoredSession, in history: HistoryQueries) throws(DashboardError) -> StoredSession {
        try run.withLock { run throws(DashboardError) -> StoredSession in
            var session = session
            guard var current = run else { return session }
            session.tags.subject = current.subject
            if current.assessment == nil {
                current.assessment = try history.startAssessment(.guided(settings: current.settings, first: session))
                run = current
            }
            session.tags.assessment = current.assessment
            return session
        }
    }
}
