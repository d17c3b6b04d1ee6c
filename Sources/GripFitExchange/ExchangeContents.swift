import GripFitClinical
import GripFitRecords

/// What an export file holds: sessions, and (JSON exports since subjects) the subjects and
/// assessments they belong to. Older files hold sessions only.
public struct ExchangeContents: Sendable {
    public var sessions: [StoredSession]
    public var subjects: [Subject]
    /// Each assessment's facts under the id its sessions name in the file.
    public var assessments: [(fileID: Int64, facts: AssessmentFacts)]
    /// How a subject the destination holds already is filed: a file's must agree; a push from a station yields.
    public var heldSubjects = HeldSubjects.mustAgree

    public init(sessions: [StoredSession], subjects: [Subject], assessments: [(fileID: Int64, facts: AssessmentFacts)]) {
        self.sessions = sessions
        self.subjects = subjects
        self.assessments = assessments
    }
}
