/// What an import filed: sessions added, sessions skipped as already in the history, and sessions
/// not filed because they belong to a subject forgotten on that history (an erasure another
/// station made: its copies must not bring the subject back).
public struct ImportOutcome: Equatable, Sendable {
    public var added: Int
    public var skipped: Int
    public var erased: Int

    public init(added: Int, skipped: Int, erased: Int = 0) {
        self.added = added
        self.skipped = skipped
        self.erased = erased
    }
}
