import GripFitRecords

/// Which sessions `history` lists and counts. Every field narrows the list and nil means "any";
/// together they are one SQL `WHERE` of plain conditions joined by AND, so each backend states it
/// the same way:
/// `device = ?`, `subject = ?` (the code as the history stores it), `station = ?`,
/// `started_at_ms >= since`, `started_at_ms < until` (exclusive, so consecutive ranges do not
/// overlap), then `ORDER BY started_at_ms DESC, id DESC LIMIT limit` (newest first; no LIMIT when nil).
public struct SessionFilter: Equatable, Sendable {
    public var device: String?
    /// A subject's code, matched case-blind as codes are (``StoreError/unknownSubject(_:)`` when there is none).
    public var subject: String?
    public var station: String?
    /// Start time from, milliseconds since 1970 UTC, inclusive.
    public var since: Int64?
    /// Start time before, exclusive.
    public var until: Int64?
    /// The newest this many; nil for all.
    public var limit: Int?

    public init(
        device: String? = nil,
        subject: String? = nil,
        station: String? = nil,
        since: Int64? = nil,
        until: Int64? = nil,
        limit: Int? = nil
    ) {
        self.device = device
        self.subject = subject
        self.station = station
        self.since = since
        self.until = until
        self.limit = limit
    }

    /// The same sessions without the limit: what a cut listing counts.
    public var unlimited: SessionFilter {
        var filter = self
        filter.limit = nil
        return filter
    }
}
