/// Who an audit entry says acted: for the command line the operating system's user (`role`
/// `os-user`) at the station; for the dashboard the token's name and role. A name declared with
/// `GRIPFIT_ACTOR` is kept with the user who declared it in `role`, so it never passes for the
/// operating system's word.
public struct AuditActor: Equatable, Sendable, Codable {
    public var name: String
    public var role: String
    public var station: String

    public init(name: String, role: String, station: String) {
        self.name = name
        self.role = role
        self.station = station
    }
}
