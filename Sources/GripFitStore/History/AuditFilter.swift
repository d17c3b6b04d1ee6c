/// Which entries `audit list` shows: all of them unless narrowed to one subject (by code, found
/// through its keyed digest), entries from a time on, or one action.
public struct AuditFilter: Sendable {
    public var subject: String?
    public var sinceMilliseconds: Int64?
    public var action: String?

    public init(subject: String? = nil, sinceMilliseconds: Int64? = nil, action: String? = nil) {
        self.subject = subject
        self.sinceMilliseconds = sinceMilliseconds
        self.action = action
    }
}
