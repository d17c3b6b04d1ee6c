import GripFitCore
import GripFitDashboard
import HTTPTypes
import Hummingbird
import Synchronization
import Testing

/// The routes and the access rules, through the router's responder (no socket).
@Suite struct DashboardRouterTests {
    let backend = FakeBackend()

    func respond(
        _ method: HTTPRequest.Method,
        _ path: String,
        host: String = "127.0.0.1:8642",
        headers: HTTPFields = [:],
        body: String = "",
        access: AccessPolicy = AccessPolicy(token: nil, loopbackOnly: true)
    ) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: String) {
        let router = DashboardServer.buildRouter(
            context: TestContext.self,
            live: LiveRoutes(session: backend, publisher: EventPublisher()),
            history: HistoryRoutes(history: backend),
            access: access
        )
        let responder = router.buildResponder()
        var head = HTTPRequest(method: method, scheme: "http", authority: host, path: path)
        head.headerFields.append(contentsOf: headers)
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer(string: body)))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: TestContext(source: .init()))
        } catch let error as DashboardError {
            return (error.status, [:], error.message)
        }
        let sink = CollectingWriter.Sink()
        try await response.body.write(CollectingWriter(sink: sink))
        return (response.status, response.headers, sink.buffer.withLock { String(buffer: $0) })
    }

    @Test func thePageIsServedWithItsSecurityHeaders() async throws {
        let page = try await respond(.get, "/")
        #expect(page.status == .ok)
        #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        #expect(page.body.contains("<canvas id=\"chart\""))
        #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
        let script = try await respond(.get, "/dashboard.js")
        #expect(script.status == .ok)
        #expect(!script.body.contains("innerHTML"), "device text goes in as textContent only")
        #expect(try await respond(.get, "/dashboard.css").status == .ok)
    }

    @Test func sameOriginPostsReachTheBackend() async throws {
        let tare = try await respond(.post, "/api/tare", headers: [.origin: "http://127.0.0.1:8642"])
        #expect(tare.status == .accepted)
        let start = try await respond(
            .post,
            "/api/record/start",
            headers: [.origin: "http://127.0.0.1:8642", .contentType: "application/json"],
            body: #"{"hand":"left","label":"visit 2"}"#
        )
        #expect(start.status == .ok)
        let stop = try await respond(.post, "/api/record/stop")
        #expect(stop.status == .conflict)
        #expect(backend.calls.withLock { $0 } == ["tare", "start left visit 2", "stop"])
    }

    @Test func theGuidedProtocolIsStartedWithCheckedTrialsAndRest() async throws {
        func start(_ body: String) async throws -> (status: HTTPResponse.Status, body: String) {
            let response = try await respond(
                .post,
                "/api/record/start",
                headers: [.contentType: "application/json"],
                body: body
            )
            return (response.status, response.body)
        }
        #expect(try await start(#"{"protocol":"standard","hand":"left","trials":1,"rest":0}"#).status == .ok)
        #expect(try await start(#"{"protocol":"standard"}"#).status == .ok)
        let refused: [(String, String)] = [
            (#"{"protocol":"standard","trials":6}"#, "trials must be a whole number from 1 to 5"),
            (#"{"protocol":"standard","trials":0}"#, "trials must be a whole number from 1 to 5"),
            (#"{"protocol":"standard","trials":2.5}"#, "trials must be a whole number from 1 to 5"),
            (#"{"protocol":"standard","rest":-1}"#, "rest must be 0 to 3600 seconds"),
            (#"{"protocol":"standard","rest":3601}"#, "rest must be 0 to 3600 seconds"),
            (#"{"protocol":"standard","rest":"long"}"#, "trials and rest are numbers"),
            (#"{"protocol":"quick"}"#, "the known ones are standard, southampton, asht, nih-toolbox"),
            (#"{"protocol":"nih-toolbox","trials":2}"#, "trials is fixed by the nih-toolbox protocol"),
            (#"{"protocol":"asht","rest":5}"#, "rest must be 15 to 3600 seconds between trials for the asht protocol"),
            (#"{"trials":2}"#, "add \"protocol\":\"standard\""),
            (#"{"protocol":"intermittent","trials":31}"#, "from 2 to 30 (trials per hand) for the intermittent protocol"),
        ]
        for (body, message) in refused {
            let response = try await start(body)
            #expect(response.status == .badRequest, "\(body)")
            #expect(response.body.contains(message), "\(body): \(response.body)")
        }
        #expect(try await start(#"{"protocol":"southampton","hand":"left"}"#).status == .ok)
        // Each protocol's own range: twelve grips for intermittent, beyond standard's five.
        #expect(try await start(#"{"protocol":"intermittent","trials":12}"#).status == .ok)
        #expect(
            backend.calls.withLock { $0 } == [
                "protocol left - 1 0.0", "protocol - - - -", "protocol left - - - (southampton)", "protocol - - 12 - (intermittent)",
            ]
        )
        // The picker's list is the one `record --protocol` takes.
        let listed = try await respond(.get, "/api/protocols")
        #expect(listed.status == .ok)
        for name in ["standard", "southampton", "asht", "nih-toolbox"] {
            #expect(listed.body.contains("\"name\":\"\(name)\""), "\(listed.body)")
        }
        // Each with its own trials range, for the picker's trials choice.
        #expect(listed.body.contains(#""name":"intermittent","#) && listed.body.contains(#""trials_min":2,"trials_max":30"#))
    }

    @Test func crossSitePostsAreRefused() async throws {
        let foreign = try await respond(.post, "/api/tare", headers: [.origin: "http://evil.example"])
        #expect(foreign.status == .forbidden)
        let otherPort = try await respond(.post, "/api/tare", headers: [.origin: "http://127.0.0.1:9999"])
        #expect(otherPort.status == .forbidden)
        let fetchSite = try await respond(.post, "/api/peak/reset", headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
        #expect(fetchSite.status == .forbidden)
        // Nor does another site's page start a recording (the backend is never asked, so none runs).
        #expect(try await respond(.post, "/api/record/start", headers: [.origin: "http://evil.example"]).status == .forbidden)
        #expect(backend.calls.withLock { $0 }.isEmpty)
    }

    /// Another site's page may link to the dashboard but not load from it in the background
    /// (an event stream left open, a costly plot), token or not.
    @Test func crossSiteBackgroundRequestsAreRefusedButLinksWork() async throws {
        let site = HTTPField.Name("Sec-Fetch-Site")!
        let mode = HTTPField.Name("Sec-Fetch-Mode")!
        #expect(try await respond(.get, "/api/status", headers: [site: "cross-site", mode: "no-cors"]).status == .forbidden)
        #expect(try await respond(.get, "/api/status", headers: [site: "same-site", mode: "cors"]).status == .forbidden)
        #expect(try await respond(.post, "/api/tare", headers: [site: "cross-site", mode: "navigate"]).status == .forbidden)
        let dest = HTTPField.Name("Sec-Fetch-Dest")!
        #expect(try await respond(.get, "/", headers: [site: "cross-site", mode: "navigate", dest: "document"]).status == .ok)
        #expect(
            try await respond(.get, "/api/status", headers: [site: "cross-site", mode: "navigate", dest: "iframe"]).status
                == .forbidden
        )
        #expect(try await respond(.get, "/", headers: [site: "none", mode: "navigate"]).status == .ok)
        #expect(try await respond(.get, "/api/status", headers: [site: "same-origin", mode: "cors"]).status == .ok)
        // Without fetch metadata (curl, scripts): the other rules decide.
        #expect(try await respond(.get, "/api/status").status == .ok)
        // Only the two allowed status requests reached the session.
        #expect(backend.calls.withLock { $0 } == ["status", "status"])
    }

    /// A keep-alive wake-up with nothing waiting writes an SSE comment, which pages ignore and
    /// whose failed write ends the stream of a page that has gone.
    @Test func aQuietStreamGetsAKeepAliveComment() async throws {
        let publisher = EventPublisher()
        let router = DashboardServer.buildRouter(
            context: TestContext.self,
            live: LiveRoutes(session: backend, publisher: publisher),
            history: HistoryRoutes(history: backend),
            access: AccessPolicy(token: nil, loopbackOnly: true)
        )
        let head = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:8642", path: "/api/events")
        let response = try await router.buildResponder().respond(
            to: Request(head: head, body: RequestBody(buffer: ByteBuffer())),
            context: TestContext(source: .init())
        )
        #expect(publisher.subscriberCount == 1)
        let start = MonotonicInstant.zero + .seconds(1)
        publisher.flush(at: start)
        publisher.flush(at: start + EventPublisher.keepAliveInterval)
        // The stream still takes the wake-up buffered before the end.
        publisher.finish()
        let sink = CollectingWriter.Sink()
        try await response.body.write(CollectingWriter(sink: sink))
        #expect(sink.buffer.withLock { String(buffer: $0) } == "retry: 2000\n\n:\n\n")
    }

    @Test func aLoopbackDashboardAnswersOnlyToLoopbackNames() async throws {
        #expect(try await respond(.get, "/api/status", host: "localhost:8642").status == .ok)
        #expect(try await respond(.get, "/api/status", host: "[::1]:8642").status == .ok)
        #expect(try await respond(.get, "/api/status", host: "rebind.example:8642").status == .forbidden)
    }

    @Test func aTokenIsNeededOnEveryRequestAndBecomesACookie() async throws {
        let access = AccessPolicy(token: "0123456789abcdef0123", loopbackOnly: false)
        #expect(try await respond(.get, "/", host: "pi.local:8642", access: access).status == .unauthorized)
        #expect(try await respond(.get, "/?token=wrong", host: "pi.local:8642", access: access).status == .unauthorized)
        let first = try await respond(.get, "/?token=0123456789abcdef0123", host: "pi.local:8642", access: access)
        #expect(first.status == .ok)
        let cookie = try #require(first.headers[.setCookie])
        #expect(cookie.hasPrefix("gripfit_token=0123456789abcdef0123;"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let withCookie = try await respond(
            .get,
            "/api/status",
            host: "pi.local:8642",
            headers: [.cookie: "gripfit_token=0123456789abcdef0123"],
            access: access
        )
        #expect(withCookie.status == .ok)
        let withHeader = try await respond(
            .get,
            "/api/sessions",
            host: "pi.local:8642",
            headers: [.authorization: "Bearer 0123456789abcdef0123"],
            access: access
        )
        #expect(withHeader.status == .ok)
        let crossSite = try await respond(
            .post,
            "/api/tare",
            host: "pi.local:8642",
            headers: [.cookie: "gripfit_token=0123456789abcdef0123", .origin: "http://evil.example"],
            access: access
        )
        #expect(crossSite.status == .forbidden)
        let tare = try await respond(
            .post,
            "/api/tare",
            host: "pi.local:8642",
            headers: [HTTPField.Name("X-GripFit-Token")!: "0123456789abcdef0123"],
            access: access
        )
        #expect(tare.status == .accepted, "the page's requests carry the token in a header")
        #expect(backend.calls.withLock { $0 }.last == "tare")
        #expect(AccessPolicy.generateToken().count == 64, "--generate-token's token")
    }

    @Test func theDevicePickerScansAndPins() async throws {
        let json: HTTPFields = [.contentType: "application/json"]
        #expect(try await respond(.get, "/api/devices").status == .ok)
        #expect(try await respond(.post, "/api/devices/scan").status == .accepted)
        #expect(try await respond(.post, "/api/devices/pin", headers: json, body: #"{"address":"c0:ff:ee:00:00:02"}"#).status == .accepted)
        #expect(try await respond(.post, "/api/devices/pin", headers: json, body: #"{"address":"any"}"#).status == .accepted)
        #expect(try await respond(.post, "/api/devices/pin", headers: json, body: #"{"address":"C0:FF"}"#).status == .badRequest)
        #expect(backend.calls.withLock { $0 } == ["scan", "pin C0:FF:EE:00:00:02", "pin any"])
    }

    @Test func historyRoutesCheckTheirParameters() async throws {
        #expect(try await respond(.get, "/api/sessions/1").status == .ok)
        #expect(try await respond(.get, "/api/sessions/2").status == .notFound)
        #expect(try await respond(.get, "/api/sessions/abc").status == .badRequest)
        let csv = try await respond(.get, "/api/sessions/1/export.csv")
        #expect(csv.headers[.contentDisposition] == "attachment; filename=\"session-1.csv\"")
        #expect(try await respond(.get, "/api/sessions/1/plot.svg").headers[.contentType] == "image/svg+xml")
        #expect(try await respond(.get, "/api/sessions/1/plot.svg?unit=lb").status == .ok)
        let junk = try await respond(.get, "/api/sessions/1/plot.svg?unit=junk")
        #expect(junk.status == .badRequest)
        #expect(junk.body.contains("\"junk\" is not one of kg, lb, N"), "\(junk.body)")
        #expect(try await respond(.get, "/api/trend?hand=left&device=ble:C0:FF:EE:00:00:01").status == .ok)
        #expect(try await respond(.get, "/api/trend?hand=middle").status == .badRequest)
        #expect(
            backend.calls.withLock { $0 } == [
                "export 1 csv", "plot 1 -", "plot 1 lb", "trend ble:C0:FF:EE:00:00:01 left 50 -",
            ]
        )
    }

    @Test func theHistoryComesInPagesOfAParsedSize() async throws {
        #expect(try await respond(.get, "/api/sessions").body == #"{"sessions":[],"more":false}"#)
        #expect(try await respond(.get, "/api/sessions?limit=500&before=42&hand=right").status == .ok)
        #expect(try await respond(.get, "/api/trend?limit=1").status == .ok)
        #expect(backend.calls.withLock { $0 } == ["sessions - - 50 -", "sessions - right 500 42", "trend - - 1 -"])
        for bad in ["limit=0", "limit=501", "limit=ten", "limit=-1", "before=0", "before=x", "before=99999999999999999999"] {
            let answer = try await respond(.get, "/api/sessions?\(bad)")
            #expect(answer.status == .badRequest, "\(bad)")
            #expect(answer.body.contains(bad.split(separator: "=")[0] + " \""), "\(bad): \(answer.body)")
        }
        let trend = try await respond(.get, "/api/trend?limit=1000")
        #expect(trend.status == .badRequest)
        #expect(trend.body.contains("from 1 to 500"), "\(trend.body)")
        #expect(backend.calls.withLock { $0 }.count == 3)
    }

    /// The picker's subjects and the "new subject" form; a subject's code on the starts and the
    /// history's queries is checked as `--subject` is, before the backend is asked.
    @Test func subjectsAreListedAddedAndChecked() async throws {
        let json: HTTPFields = [.contentType: "application/json"]
        #expect(try await respond(.get, "/api/subjects").body == #"{"subjects":[],"selected":null}"#)
        let added = try await respond(.post, "/api/subjects", headers: json, body: #"{"code":"P017","sex":"female","birth_year":1979}"#)
        #expect(added.status == .created)
        #expect(backend.added.withLock { $0 } == ["P017"])
        let future = try await respond(.post, "/api/subjects", headers: json, body: #"{"code":"P018","birth_date":"2031-01-01"}"#)
        #expect(future.status == .badRequest)
        #expect(future.body.contains("after today"), "\(future.body)")
        let junk = try await respond(.post, "/api/subjects", headers: json, body: #"{"sex":"female"}"#)
        #expect(junk.status == .badRequest)
        #expect(junk.body.contains("only code is needed"))

        #expect(try await respond(.get, "/api/sessions?subject=P017").status == .ok)
        #expect(try await respond(.get, "/api/trend?subject=P017&limit=20").status == .ok)
        let hostile = try await respond(.get, "/api/trend?subject=%3Cscript%3E")
        #expect(hostile.status == .badRequest)
        #expect(hostile.body.hasPrefix("Subject code '<script>' is not usable"))
        let start = try await respond(.post, "/api/record/start", headers: json, body: #"{"hand":"left","subject":"P017"}"#)
        #expect(start.status == .ok)
        let guided = try await respond(.post, "/api/record/start", headers: json, body: #"{"protocol":"standard","subject":"P017"}"#)
        #expect(guided.status == .ok)
        #expect(try await respond(.post, "/api/record/start", headers: json, body: #"{"subject":"a b"}"#).status == .badRequest)
        #expect(
            backend.calls.withLock { $0 } == [
                "subjects", "sessions - - 50 - for P017", "trend - - 20 - for P017", "start left - for P017",
                "protocol - - - - for P017",
            ]
        )
    }

    /// A protocol run's figures and its printable report: ids checked, and the report served as
    /// HTML under a policy of its own (its inline print style, no script at all).
    @Test func anAssessmentsFiguresAndReport() async throws {
        #expect(try await respond(.get, "/api/assessments/1").body == #"{"id":1}"#)
        #expect(try await respond(.get, "/api/assessments/2").status == .notFound)
        let bad = try await respond(.get, "/api/assessments/A1")
        #expect(bad.status == .badRequest)
        #expect(bad.body.contains("positive whole number"))
        let report = try await respond(.get, "/api/assessments/1/report.html")
        #expect(report.status == .ok)
        #expect(report.headers[.contentType] == "text/html; charset=utf-8")
        let policy = try #require(report.headers[.contentSecurityPolicy])
        #expect(policy.contains("default-src 'none'") && !policy.contains("script-src"), "\(policy)")
        #expect(try await respond(.get, "/").headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
    }

    /// The clinical history's list: everyone's, or one subject's by a code checked as `subject add` checks it.
    @Test func theAssessmentsAreListedForEveryoneOrOneSubject() async throws {
        #expect(try await respond(.get, "/api/assessments").body == #"{"assessments":[],"total":0}"#)
        #expect(try await respond(.get, "/api/assessments?subject=P017").status == .ok)
        let bad = try await respond(.get, "/api/assessments?subject=Jane%20Doe")
        #expect(bad.status == .badRequest && bad.body.contains("is not usable"), "\(bad.body)")
        #expect(backend.calls.withLock { $0 } == ["assessments -", "assessments P017"])
    }

    @Test func anOversizedBodyIs413NotAJSONComplaint() async throws {
        let json: HTTPFields = [.contentType: "application/json"]
        let huge = #"{"label":""# + String(repeating: "x", count: 10 * 1024 * 1024) + #""}"#
        let record = try await respond(.post, "/api/record/start", headers: json, body: huge)
        #expect(record.status == .contentTooLarge)
        #expect(record.body.contains("over 16 KB"), "\(record.body)")
        #expect(try await respond(.post, "/api/devices/pin", headers: json, body: huge).status == .contentTooLarge)
        // Under the limit, a body that is not the JSON asked for is still the usage message.
        let wrong = try await respond(.post, "/api/record/start", headers: json, body: "[1,2]")
        #expect(wrong.status == .badRequest && wrong.body.contains("must be JSON like"))
        #expect(backend.calls.withLock { $0 }.isEmpty)
    }

    /// Errors carry the headers the page's 200s carry: several reflect the query or the `Host`
    /// header, and an unknown route's 404 comes from behind the routes.
    @Test func errorResponsesCarryTheSecurityHeaders() async throws {
        let token = AccessPolicy(token: "0123456789abcdef0123", loopbackOnly: false)
        let answers = [
            try await respond(.get, "/api/sessions?limit=<b>"),
            try await respond(.get, "/api/status", host: "rebind.example:8642"),
            try await respond(.get, "/api/status", host: "pi.local:8642", access: token),
            try await respond(.get, "/no/such/route"),
            try await respond(.get, "/api/sessions/2"),
            try await respond(.post, "/api/record/stop"),
            try await respond(.post, "/api/tare", headers: [.origin: "http://evil.example"]),
            try await respond(
                .post,
                "/api/record/start",
                headers: [.contentType: "application/json"],
                body: #"{"label":""# + String(repeating: "x", count: 20 * 1024) + #""}"#
            ),
        ]
        let statuses: [HTTPResponse.Status] = [.badRequest, .forbidden, .unauthorized, .notFound, .notFound, .conflict, .forbidden]
        #expect(answers.map(\.status) == statuses + [.contentTooLarge])
        for answer in answers {
            #expect(answer.headers[.xContentTypeOptions] == "nosniff", "\(answer.status)")
            #expect(answer.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true, "\(answer.status)")
            #expect(answer.headers[.cacheControl] == "no-store", "\(answer.status)")
            #expect(answer.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer", "\(answer.status)")
        }
    }
}

/// Collects a response body in memory.
struct CollectingWriter: ResponseBodyWriter {
    final class Sink: Sendable {
        let buffer = Mutex(ByteBuffer())
    }

    let sink: Sink

    mutating func write(_ buffer: ByteBuffer) async throws {
        sink.buffer.withLock { collected in
            var buffer = buffer
            collected.writeBuffer(&buffer)
        }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
