import GripFitDashboard
import HTTPTypes
import Hummingbird
import ScratchSupport
import Testing

/// Roles through the router's responder (no socket): every route checks its role before the
/// backend is asked, the 403 names the role needed and the token's, and `/api/whoami` tells the page.
struct RoleAccessTests {
    let backend = FakeBackend()
    let store = TokenStore(path: Scratch.directory("roles") + "/dashboard-tokens.json")

    func respond(
        _ method: HTTPRequest.Method,
        _ path: String,
        token: String?,
        body: String = "{}"
    ) async throws -> (
        status: HTTPResponse.Status, body: String
    ) {
        let router = DashboardServer.buildRouter(
            context: TestContext.self,
            live: LiveRoutes(session: backend, publisher: EventPublisher()),
            history: HistoryRoutes(history: backend),
            access: AccessPolicy(token: "legacy-admin-token-0123", loopbackOnly: false, tokens: store)
        )
        var head = HTTPRequest(method: method, scheme: "http", authority: "rig.local:8642", path: path)
        if let token { head.headerFields[HTTPField.Name(AccessPolicy.headerName)!] = token }
        head.headerFields[.contentType] = "application/json"
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer(string: body)))
        let response: Response
        do {
            response = try await router.buildResponder().respond(to: request, context: TestContext(source: .init()))
        } catch let error as DashboardError {
            return (error.status, error.message)
        }
        guard response.headers[.contentType] != "text/event-stream" else { return (response.status, "") }
        let sink = CollectingWriter.Sink()
        try await response.body.write(CollectingWriter(sink: sink))
        return (response.status, sink.buffer.withLock { String(buffer: $0) })
    }

    /// A concrete path for a route of the table.
    static func concrete(_ route: RouteRoles.Route) -> String {
        route.path.replacingOccurrences(of: "{id}", with: "1").replacingOccurrences(of: "{code}", with: "P017")
    }

    @Test func everyRouteAboveTheTokensRoleIsRefusedNamingBothRoles() async throws {
        for role in DashboardRole.allCases {
            let token = try store.add(name: "t-\(role.rawValue)", role: role)
            for (route, needed) in RouteRoles.table where needed > role {
                backend.calls.withLock { $0.removeAll() }
                let answer = try await respond(route.method, Self.concrete(route), token: token)
                #expect(answer.status == .forbidden, "\(role) \(route): \(answer)")
                #expect(answer.body.contains("needs the \(needed.rawValue) role"), "\(answer.body)")
                #expect(answer.body.contains("t-\(role.rawValue) has the \(role.rawValue) role"), "\(answer.body)")
                #expect(backend.calls.withLock { $0 }.isEmpty, "\(route) reached the backend for a \(role)")
            }
        }
    }

    @Test func eachRoleReachesWhatItMay() async throws {
        let viewer = try store.add(name: "reception", role: .viewer)
        let clinician = try store.add(name: "dr-lee", role: .clinician)
        let admin = try store.add(name: "it", role: .admin)
        #expect(try await respond(.get, "/api/sessions", token: viewer).status == .ok)
        #expect(try await respond(.get, "/api/sessions/1/export.csv", token: viewer).status == .forbidden)
        #expect(try await respond(.post, "/api/record/start", token: clinician, body: #"{"hand":"left"}"#).status == .ok)
        #expect(try await respond(.get, "/api/sessions/1/export.csv", token: clinician).status == .ok)
        #expect(try await respond(.get, "/api/export/all.json", token: clinician).status == .forbidden)
        #expect(try await respond(.delete, "/api/subjects/P017", token: clinician).status == .forbidden)
        #expect(try await respond(.get, "/api/export/all.json", token: admin).status == .ok)
        #expect(try await respond(.delete, "/api/subjects/P017", token: admin).status == .ok)
        #expect(backend.calls.withLock { $0 }.contains("forget P017"))
        // Today's one --token is an admin's.
        #expect(try await respond(.delete, "/api/subjects/P017", token: "legacy-admin-token-0123").status == .ok)
        #expect(try await respond(.get, "/api/status", token: "no-such-token-0123456").status == .unauthorized)
    }

    @Test func whoamiTellsThePageTheNameAndRole() async throws {
        let viewer = try store.add(name: "reception", role: .viewer)
        let answer = try await respond(.get, "/api/whoami", token: viewer)
        #expect(answer.status == .ok)
        #expect(answer.body.contains(#""name":"reception""#) && answer.body.contains(#""role":"viewer""#), "\(answer.body)")
        let legacy = try await respond(.get, "/api/whoami", token: "legacy-admin-token-0123")
        #expect(legacy.body.contains(#""role":"admin""#), "\(legacy.body)")
    }

    @Test func aLoopbackDashboardWithoutTokensIsItsUsersOwn() async throws {
        let router = DashboardServer.buildRouter(
            context: TestContext.self,
            live: LiveRoutes(session: backend, publisher: EventPublisher()),
            history: HistoryRoutes(history: backend),
            access: AccessPolicy(token: nil, loopbackOnly: true, tokens: store)
        )
        let head = HTTPRequest(method: .delete, scheme: "http", authority: "127.0.0.1:8642", path: "/api/subjects/P017")
        let response = try await router.buildResponder().respond(
            to: Request(head: head, body: RequestBody(buffer: ByteBuffer())),
            context: TestContext(source: .init())
        )
        #expect(response.status == .ok)
        // Once a named token exists, loopback needs one too.
        _ = try store.add(name: "desk", role: .viewer)
        let refused = try await router.buildResponder().respond(
            to: Request(head: head, body: RequestBody(buffer: ByteBuffer())),
            context: TestContext(source: .init())
        )
        #expect(refused.status == .unauthorized)
    }
}
