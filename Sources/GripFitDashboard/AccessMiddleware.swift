import GripFitRecords
import HTTPTypes
import Hummingbird

/// Applies the ``AccessPolicy`` to every request and adds the page's security headers to every
/// response (no framing, no sniffing, no referrer carrying `?token=` elsewhere, scripts only from here,
/// nothing kept in a cache), errors included: a 400 or 403 reflects the query or the `Host` header,
/// and an unknown route's 404 comes from the router behind this, so both are turned into responses here.
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: AccessPolicy

    private static var fetchSite: HTTPField.Name { HTTPField.Name("Sec-Fetch-Site")! }
    private static var fetchMode: HTTPField.Name { HTTPField.Name("Sec-Fetch-Mode")! }
    private static var fetchDest: HTTPField.Name { HTTPField.Name("Sec-Fetch-Dest")! }

    /// A link followed or an address typed: a GET that opens a page, not a frame or a form post.
    private static func isTopLevelNavigation(_ request: Request) -> Bool {
        (request.method == .get || request.method == .head) && request.headers[fetchMode] == "navigate"
            && (request.headers[fetchDest] ?? "document") == "document"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await respond(request, context: context, next: next)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            response = try DashboardError(
                .internalServerError,
                "\(request.uri.path) could not be answered (\(error)); try again, or restart the dashboard."
            )
            .response(from: request, context: context)
        }
        // A response with a stricter policy of its own (the report: no script at all) keeps it.
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] =
                "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'"
        }
        // The page's files and the event stream say `no-cache`; everything else is not kept.
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        return response
    }

    /// Queued on the history's thread, never run on the event loop nor waited for (the entries of
    /// one client stay in order there); the actor is the token's holder, a `refused` request's nobody known.
    private func record(_ event: AuditEvent, by holder: TokenHolder? = nil, refused: Bool = false) {
        guard var audit = policy.audit else { return }
        if refused { audit = audit.acting(as: AuditActor(name: "unknown", role: "no valid token", station: audit.actor.station)) }
        if let holder { audit = audit.acting(as: holder.actor(at: audit.actor.station)) }
        HistoryThread.queue.async { [audit] in audit.record(event) }
    }

    /// The request's token holder: nil when no token is needed (loopback, no tokens); 401 for a wrong or missing one.
    /// `fromQuery` is the token when it came in the URL (a login: the cookie is then set).
    private func holder(of request: Request) throws -> (holder: TokenHolder?, fromQuery: Substring?) {
        let needed: Bool
        do {
            needed = try policy.needsToken()
        } catch {
            throw DashboardError(.serviceUnavailable, "The dashboard's tokens cannot be read: \(error)")
        }
        guard needed else { return (nil, nil) }
        let given =
            request.headers[HTTPField.Name(AccessPolicy.headerName)!].map { Substring($0) }
            ?? request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? $0.dropFirst(7) : nil }
            ?? request.cookies[AccessPolicy.cookieName].map { Substring($0.value) }
        let query = request.uri.queryParameters["token"]
        do {
            // A token in the URL other than the cookie's is a login (also another person at the same browser).
            if let query, query != given, let holder = try policy.holder(of: query) {
                record(AuditEvent(.login, detail: "token in the URL, cookie set"), by: holder)
                return (holder, query)
            }
            if let given, let holder = try policy.holder(of: given) { return (holder, nil) }
        } catch {
            throw DashboardError(.serviceUnavailable, "The dashboard's tokens cannot be read: \(error)")
        }
        // A wrong token is recorded; a request with none is not (a flood of them must not fill the history).
        if given != nil || query != nil {
            record(AuditEvent(.login, detail: request.uri.path, outcome: "failed: a wrong token"), refused: true)
        }
        throw DashboardError(
            .unauthorized,
            "A token is needed: open the URL `gripfit-serial dashboard` printed, the one ending in ?token=…, "
                + "or add ?token= and yours (`gripfit-serial dashboard token add NAME --role ROLE` makes one)."
        )
    }

    private func respond(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let authority = request.head.authority ?? ""
        if policy.loopbackOnly, !AccessPolicy.isLoopbackAuthority(authority) {
            throw DashboardError(
                .forbidden,
                "This dashboard answers only at localhost or 127.0.0.1 (Host was "
                    + "\(authority.debugDescription))."
            )
        }
        let (holder, tokenFromQuery) = try holder(of: request)
        // Fetch metadata (browsers send it to localhost and HTTPS origins; on a plain-HTTP LAN name
        // the token guards instead): another site's page may link to the dashboard, a top-level
        // navigation, but not load from it in the background or in a frame. An event stream it
        // opened and left would hold one of the few stream places, and a plot or history query
        // costs the session's machine; neither needs the token on a loopback dashboard.
        if let site = request.headers[Self.fetchSite], site == "cross-site" || site == "same-site",
            !Self.isTopLevelNavigation(request)
        {
            throw DashboardError(.forbidden, "Cross-site request refused: only the dashboard's own page may use it.")
        }
        if request.method != .get, request.method != .head, let origin = request.headers[.origin],
            origin.lowercased() != (policy.secure ? "https://" : "http://") + authority.lowercased()
        {
            throw DashboardError(.forbidden, "Cross-site request refused: only the dashboard's own page may change the session.")
        }
        // Every route's least role (RouteRoles); a dashboard without tokens is its users' own: admin.
        let needed = RouteRoles.least(request.method, path: request.uri.path)
        if let holder, holder.role < needed {
            throw DashboardError(
                .forbidden,
                "\(request.method) \(request.uri.path) needs the \(needed.rawValue) role; the token \(holder.name) "
                    + "has the \(holder.role.rawValue) role. Ask an admin for a \(needed.rawValue) token."
            )
        }
        var response = try await TokenHolder.$current.withValue(holder) { try await next(request, context) }
        if let token = tokenFromQuery {
            let secure = policy.secure ? "; Secure" : ""
            response.headers[values: .setCookie].append("\(AccessPolicy.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict\(secure)")
        }
        return response
    }
}
