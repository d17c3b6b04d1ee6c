import GripFitCore

/// Which sessions a page of the history holds: newest first, at most ``limit``, older than the
/// session ``before`` (the oldest one the reader already has), optionally of one device, one
/// hand, one subject and one station. One struct, so a new filter is one more field, not one more listing method.
public struct SessionQuery: Equatable, Sendable {
    /// The page a reader gets when it asks for no size: a screenful, not the whole history.
    public static let defaultLimit = 50
    /// The largest page served: enough for a trend chart, small enough to answer at once.
    public static let maxLimit = 500

    /// How many sessions at most, 1 to ``maxLimit``.
    public var limit: Int
    public var before: Int64?
    public var device: String?
    public var hand: Hand?
    /// A subject's code: only the sessions recorded for them.
    public var subject: String?
    /// Only the sessions this station recorded.
    public var station: String?

    public init(
        limit: Int = defaultLimit,
        before: Int64? = nil,
        device: String? = nil,
        hand: Hand? = nil,
        subject: String? = nil,
        station: String? = nil
    ) {
        self.limit = limit
        self.before = before
        self.device = device
        self.hand = hand
        self.subject = subject
        self.station = station
    }
}
