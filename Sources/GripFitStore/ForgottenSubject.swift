/// What `subject forget` deletes (counted first, for its confirmation) and then deleted, for its closing line.
public struct ForgottenSubject: Equatable, Sendable {
    public var sessions: Int
    public var assessments: Int

    public init(sessions: Int, assessments: Int) {
        self.sessions = sessions
        self.assessments = assessments
    }
}
