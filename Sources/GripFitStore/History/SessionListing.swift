import GripFitRecords

/// What `list` found: the sessions that read, and one error per session that did not.
public struct SessionListing: Equatable, Sendable {
    public var rows: [SessionRow] = []
    /// ``StoreError/damagedSession(id:detail:)`` for each row that does not decode.
    public var damaged: [StoreError] = []

    public init() {}
}
