/// One page of the history (``SessionHistory/page(_:)``): its sessions, newest first, and whether
/// older ones match the same query, so a reader knows to offer the next page.
public struct SessionPage: Equatable, Sendable {
    public var listing: SessionListing
    public var more: Bool

    public init(listing: SessionListing, more: Bool) {
        self.listing = listing
        self.more = more
    }
}
