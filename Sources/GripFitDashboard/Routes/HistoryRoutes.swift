import GripFitClinical
import GripFitCore
import GripFitRecords
import GripFitStore
import Hummingbird

/// The saved sessions: list, one session, its plot, its exports, and the trend across sessions;
/// the subjects they are recorded for; the assessments and their reports. A controller built with
/// its one dependency, the history's pages. Their calls block on I/O, so they run on ``HistoryThread``.
public struct HistoryRoutes<History: HistoryPages>: Sendable {
    let history: History

    public init(history: History) {
        self.history = history
    }

    public func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        let history = history
        router.get("/api/sessions") { request, _ in
            let query = try Self.query(request)
            return RouteIO.json(try await HistoryThread.run { try history.sessions(query) })
        }
        router.get("/api/sessions/:id") { _, context in
            let id = try await Self.id(context, history: history)
            return RouteIO.json(try await HistoryThread.run { try history.session(id: id) })
        }
        router.get("/api/sessions/:id/plot.svg") { request, context in
            var unit: ForceUnit?
            if let text = request.uri.queryParameters["unit"] {
                guard let parsed = ForceUnit(parsing: text) else {
                    let units = ForceUnit.allCases.map(\.rawValue).joined(separator: ", ")
                    throw DashboardError(
                        .badRequest,
                        "unit \(String(text).debugDescription) is not one of \(units) (or leave "
                            + "it out for the dashboard's)."
                    )
                }
                unit = parsed
            }
            let id = try await Self.id(context, history: history)
            let chosen = unit
            return Self.text(try await HistoryThread.run { try history.plot(id: id, unit: chosen) }, type: "image/svg+xml")
        }
        router.get("/api/sessions/:id/export.csv") { _, context in
            let id = try await Self.id(context, history: history)
            let body = try await HistoryThread.run { try history.export(id: id, format: .csv) }
            return Self.text(body, type: "text/csv; charset=utf-8", download: "session-\(id).csv")
        }
        router.get("/api/sessions/:id/export.json") { _, context in
            let id = try await Self.id(context, history: history)
            let body = try await HistoryThread.run { try history.export(id: id, format: .json) }
            return Self.text(body, type: "application/json", download: "session-\(id).json")
        }
        router.get("/api/export/all.json") { _, _ in
            Self.text(try await HistoryThread.run { try history.exportAll() }, type: "application/json", download: "gripfit-all.json")
        }
        router.get("/api/trend") { request, _ in
            let query = try Self.query(request)
            return RouteIO.json(try await HistoryThread.run { try history.trend(query) })
        }
        router.get("/api/assessments") { request, _ in
            let subject = try RouteIO.subject(request.uri.queryParameters["subject"].map(String.init))
            return RouteIO.json(try await HistoryThread.run { try history.assessments(subject: subject) })
        }
        router.get("/api/assessments/:id") { _, context in
            let id = try await Self.assessmentID(context, history: history)
            return RouteIO.json(try await HistoryThread.run { try history.assessment(id: id) })
        }
        router.get("/api/assessments/:id/report.html") { _, context in
            let id = try await Self.assessmentID(context, history: history)
            var response = Self.text(try await HistoryThread.run { try history.report(assessment: id) }, type: "text/html; charset=utf-8")
            // The report carries its own print styles and no script at all.
            response.headers[.contentSecurityPolicy] = RouteIO.reportPolicy
            return response
        }
        router.get("/api/subjects") { _, _ in RouteIO.json(try await HistoryThread.run { try history.subjects() }) }
        router.post("/api/subjects") { request, _ in
            let form = try await RouteIO.decode(
                request,
                as: SubjectForm.self,
                usage: DashboardError(
                    .badRequest,
                    "The body must be JSON like {\"code\":\"P017\",\"sex\":\"female\",\"birth_date\":\"1979-03-14\","
                        + "\"dominant\":\"right\"} (or \"birth_year\":1979 instead of the date); only code is needed."
                )
            )
            return RouteIO.json(try await HistoryThread.run { try history.addSubject(form) }, status: .created)
        }
        router.delete("/api/subjects/:code") { _, context in
            guard let code = try RouteIO.subject(context.parameters.get("code").map { String($0) }) else {
                throw DashboardError(.badRequest, "Name the subject to erase by code: DELETE /api/subjects/P017.")
            }
            return RouteIO.json(try await HistoryThread.run { try history.forgetSubject(code: code) })
        }
    }

    /// `limit` (1 to 500, default 50), `before` (the oldest id the page already has), `device`,
    /// `station`, `hand` and `subject`, each checked here so the history is only asked sensible questions.
    private static func query(_ request: Request) throws(DashboardError) -> SessionQuery {
        let parameters = request.uri.queryParameters
        var query = SessionQuery()
        if let text = parameters["limit"] {
            guard let limit = Int(String(text)), (1...SessionQuery.maxLimit).contains(limit) else {
                throw DashboardError(
                    .badRequest,
                    "limit \(String(text).debugDescription) is not a whole number from 1 to "
                        + "\(SessionQuery.maxLimit): give one in that range, or leave it out for \(SessionQuery.defaultLimit)."
                )
            }
            query.limit = limit
        }
        if let text = parameters["before"] {
            guard let before = Int64(String(text)), before > 0 else {
                throw DashboardError(
                    .badRequest,
                    "before \(String(text).debugDescription) is not a session id: give the "
                        + "oldest id of the page already shown (a positive whole number), or leave it out for the newest."
                )
            }
            query.before = before
        }
        query.device = parameters["device"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        query.station = parameters["station"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        if let text = parameters["hand"], !text.isEmpty {
            guard let hand = Hand(rawValue: String(text)) else {
                throw DashboardError(.badRequest, "hand is left or right.")
            }
            query.hand = hand
        }
        query.subject = try RouteIO.subject(parameters["subject"].map(String.init))
        return query
    }

    /// The session a path names: its number, or its stable name `s-…` (the same at every station), looked up.
    private static func id(_ context: some RequestContext, history: History) async throws -> Int64 {
        try await id(context, .session, history: history) {
            DashboardError(.badRequest, "A session is named by its name s-… or its id (a positive whole number), as `history` lists.")
        }
    }

    private static func assessmentID(_ context: some RequestContext, history: History) async throws -> Int64 {
        try await id(context, .assessment, history: history) {
            DashboardError(
                .badRequest,
                "An assessment is named by its name a-… or its id (a positive whole number), as `history --assessments` lists (A3 is 3)."
            )
        }
    }

    private static func id(
        _ context: some RequestContext,
        _ kind: StableName.Kind,
        history: History,
        refusal: () -> DashboardError
    ) async throws -> Int64 {
        if let id = context.parameters.get("id", as: Int64.self), id > 0 { return id }
        guard let text = context.parameters.get("id").map({ String($0) }), StableName.parse(text)?.kind == kind else { throw refusal() }
        return try await HistoryThread.run { try history.id(named: text) }
    }

    private static func text(_ body: String, type: String, download: String? = nil) -> Response {
        var response = Response(
            status: .ok,
            headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body))
        )
        if let download { response.headers[.contentDisposition] = "attachment; filename=\"\(download)\"" }
        return response
    }
}
