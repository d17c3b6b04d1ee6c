/// What an import filed: sessions added, and sessions skipped as already in the history.
public struct ImportOutcome: Equatable, Sendable {
    public var added: Int
    public var skipped: Int

    public init(added: Int, skipped: Int) {
        self.added = added
        self.skipped = skipped
    }
}
