import GripFitStore

/// Who may use the dashboard. On loopback, anyone on this machine, but only under a loopback
/// host name (a DNS-rebinding page cannot pose as `localhost`). Anywhere else, only with a
/// token: the one `--token`/`--generate-token` (an admin) or a named one from ``TokenStore``,
/// whose role ``RouteRoles`` checks. Either way, state-changing requests must come from the
/// dashboard's own origin.
public struct AccessPolicy: Sendable {
    public static let cookieName = "gripfit_token"
    public static let headerName = "X-GripFit-Token"

    /// Required on every request when set.
    public let token: String?
    /// Accept only loopback names in `Host`.
    public let loopbackOnly: Bool

    /// Where a login (the token given in the URL, the cookie then set) and a refused token are recorded.
    public let audit: AuditTrail?
    /// The named tokens; once it holds any, every request needs a token, on loopback too.
    public let tokens: TokenStore?
    /// Served over HTTPS (`dashboard --tls`): the token's cookie is `Secure`, and the page's origin is `https://`.
    public var secure = false

    public init(token: String?, loopbackOnly: Bool, audit: AuditTrail? = nil, tokens: TokenStore? = nil) {
        self.audit = audit
        self.tokens = tokens
        self.token = token
        self.loopbackOnly = loopbackOnly
    }

    /// 32 random bytes as hex, from the kernel's generator.
    public static func generateToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let text = String(generator.next(), radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    /// Whether `authority` (the `Host` header) names this machine's loopback.
    static func isLoopbackAuthority(_ authority: String) -> Bool {
        var host = Substring(authority.lowercased())
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return false }
            host = host[host.index(after: host.startIndex)..<end]
        } else if let colon = host.lastIndex(of: ":") {
            host = host[..<colon]
        }
        return ListenAddress(host: String(host), port: 0).isLoopback
    }

    /// Whether a request must carry a token: `--token` given, or named tokens in the store.
    func needsToken() throws(TokenStore.Failure) -> Bool {
        if token != nil { return true }
        return try !(tokens?.entries().isEmpty ?? true)
    }

    /// The holder of `given`: `--token`'s is `admin`, a named one's from the store; nil for none.
    func holder(of given: Substring) throws(TokenStore.Failure) -> TokenHolder? {
        let named = try tokens?.holder(for: given)
        if let token, Self.matches(given, token) { return TokenHolder(name: "admin", role: .admin) }
        return named
    }

    /// Compares in time independent of where the first difference is.
    static func matches(_ given: Substring, _ token: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(token.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
