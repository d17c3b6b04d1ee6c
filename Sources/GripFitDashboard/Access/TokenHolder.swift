import GripFitRecords

/// Who sent the request being answered: the named token's name and role (today's one
/// `--token`/`--generate-token` is `admin`, role `admin`; a loopback dashboard without tokens is
/// `loopback`, role `admin`). ``AccessMiddleware`` binds it for the request, and
/// ``HistoryThread`` carries it onto the history's thread, so the audit trail names the holder.
public struct TokenHolder: Sendable, Equatable {
    public let name: String
    public let role: DashboardRole

    public init(name: String, role: DashboardRole) {
        self.name = name
        self.role = role
    }

    /// The holder of the request under way, if any.
    @TaskLocal public static var current: TokenHolder?

    /// The trail's actor for this holder at `station`.
    public func actor(at station: String) -> AuditActor {
        AuditActor(name: name, role: role.rawValue, station: station)
    }
}
