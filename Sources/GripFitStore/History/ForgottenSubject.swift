/// What `subject forget` deletes (counted first, for its confirmation) and then deleted, for its
/// closing line, with what was done where to leave nothing of them (`done`), since that differs
/// between a file, a server, and the stations holding copies.
public struct ForgottenSubject: Equatable, Sendable {
    public var sessions: Int
    public var assessments: Int
    /// Clauses for the closing line, each naming the place: "the history file /x compacted …".
    public var done: [String]

    public init(sessions: Int, assessments: Int, done: [String] = []) {
        self.sessions = sessions
        self.assessments = assessments
        self.done = done
    }

    /// The counts: what `holdings` promised and `forget` deleted compare equal whatever was said about it.
    public static func == (lhs: ForgottenSubject, rhs: ForgottenSubject) -> Bool {
        lhs.sessions == rhs.sessions && lhs.assessments == rhs.assessments
    }
}
