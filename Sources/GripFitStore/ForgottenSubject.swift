/// What `subject forget` removed, for its closing line.
public struct ForgottenSubject: Equatable, Sendable {
    public var sessions: Int
    public var assessments: Int

    public init(sessions: Int, assessments: Int) {
        self.sessions = sessions
        self.assessments = assessments
    }
}
