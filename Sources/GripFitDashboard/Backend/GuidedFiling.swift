import GripFitCore
import GripFitLive
import GripFitRecords
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

    /// Forgets the last run's assessment once the history was replaced by one that reached the server
    /// again: an assessment filed on this station while the server was away is renumbered by the push,
    /// and its old number would link the page to another run's report.
    func forgetAssessment() {
        run.withLock { $0?.assessment = nil }
    }

    /// Saves `session` tagged with the run's subject and assessment; the run's first attempt files
    /// the assessment with it, in one transaction. The page's message when the save fails.
    func save(_ session: StoredSession, in history: HistoryQueries) -> String? {
        run.withLock { run -> String? in
            var session = session
            guard var current = run else { return Self.message(history.save(session)) }
            session.tags.subject = current.subject
            if let assessment = current.assessment {
                session.tags.assessment = assessment
                return Self.message(history.save(session))
            }
            switch history.saveFirstAttempt(session, of: .guided(settings: current.settings, first: session)) {
            case .success(let assessment):
                current.assessment = assessment
                run = current
                return nil
            case .failure(let failure):
                return failure.message
            }
        }
    }

    private static func message(_ saved: Result<StoredSession, DashboardError>) -> String? {
        guard case .failure(let failure) = saved else { return nil }
        return failure.message
    }
}
