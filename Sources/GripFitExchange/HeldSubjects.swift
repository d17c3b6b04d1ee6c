/// Whose facts stand when an import names a subject the history holds already.
public enum HeldSubjects: Sendable {
    /// An export file or another history (`import`, `history copy`): its code may be another
    /// clinic's person, so every fact but the note must agree, or nothing is filed.
    case mustAgree
    /// A station's pending sessions (`history sync`): its subjects are copies of this history's,
    /// which is where subjects are edited, so the history's facts stand and the sessions are filed
    /// under them; the station refreshes its copy after.
    case historyWins
}
