import ArgumentParser

/// How `history` writes its sessions.
enum HistoryFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// An aligned table for people, times local.
    case table
    /// One row per session, units in the header, times RFC 3339 UTC.
    case csv
    /// A JSON array of sessions, times RFC 3339 UTC.
    case json
}
