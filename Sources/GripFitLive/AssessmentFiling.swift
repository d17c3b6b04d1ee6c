import GripFitCore
import GripFitRecords
import Synchronization

/// What a guided run files its attempts under, as `record --protocol` and the dashboard's page
/// both file them: every attempt tagged with the run's subject, the first filing the run's
/// assessment with it in one transaction (a run stopped before any attempt, or whose first save
/// fails, files none), the others pointing at it. How a session is written is the caller's (the
/// CLI's save beside a rescue file, the page's under its history's errors). Its own lock: the page
/// saves attempts under its session's lock while the status reads the assessment.
public final class AssessmentFiling: Sendable {
    private struct Run {
        var subject: String?
        var settings: GuidedProtocol.Settings
        var assessment: Int64?
    }

    private let run = Mutex<Run?>(nil)

    public init() {}

    /// A new run, for `subject` (a code as the history spells it) if given: the last one's assessment is forgotten.
    public func start(subject: String?, settings: GuidedProtocol.Settings) {
        run.withLock { $0 = Run(subject: subject, settings: settings) }
    }

    /// The run's assessment, once its first attempt is saved: the page's report link, the CLI's summary.
    public var assessment: Int64? {
        run.withLock { $0?.assessment }
    }

    /// Forgets the run's assessment once the history was replaced by one that reached the server
    /// again: an assessment filed on this station while the server was away is renumbered by the push,
    /// and its old number would link the page to another run's report.
    public func forgetAssessment() {
        run.withLock { $0?.assessment = nil }
    }

    /// Saves `session`, an attempt of the run, tagged with its subject and assessment: `attempt`
    /// writes it once the assessment is filed; for the first, `first` writes it with the assessment's
    /// facts (from the run's settings and this attempt's device, start and calibration) in one
    /// transaction and gives the assessment's id. What the write gave the attempt (its id, the saved session).
    public func save<Saved>(
        _ session: StoredSession,
        attempt: (StoredSession) throws -> Saved,
        first: (StoredSession, AssessmentFacts) throws -> (saved: Saved, assessment: Int64)
    ) throws -> Saved {
        try run.withLock { run throws -> Saved in
            var session = session
            guard var current = run else { return try attempt(session) }
            session.tags.subject = current.subject
            if let assessment = current.assessment {
                session.tags.assessment = assessment
                return try attempt(session)
            }
            var facts = AssessmentFacts.guided(settings: current.settings, first: session)
            facts.uid = StableName.random()
            let filed = try first(session, facts)
            current.assessment = filed.assessment
            run = current
            return filed.saved
        }
    }
}
