import GripFitDashboard
import HTTPTypes
import Hummingbird
import Prometheus
import Synchronization
import Testing

/// `/metrics` through the router's responder (no socket): the registry's text, behind the token
/// like every route, which Prometheus sends as a bearer header.
struct MetricsRoutesTests {
    let registry = PrometheusCollectorRegistry()
    let access = AccessPolicy(token: "0123456789abcdef0123", loopbackOnly: false)

    init() {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(namespace: "gripfit", metricName: "readings", unitName: "total", helpText: "Readings.")
        ).increment(by: Int64(3))
    }

    private func get(_ headers: HTTPFields, router: Router<TestContext>) async throws -> (HTTPResponse.Status, HTTPFields, String) {
        var head = HTTPRequest(method: .get, scheme: "http", authority: "rig.local:9464", path: "/metrics")
        head.headerFields.append(contentsOf: headers)
        let response: Response
        do {
            response = try await router.buildResponder().respond(
                to: Request(head: head, body: RequestBody(buffer: ByteBuffer())),
                context: TestContext(source: .init())
            )
        } catch let error as DashboardError {
            return (error.status, [:], error.message)
        }
        let sink = CollectingWriter.Sink()
        try await response.body.write(CollectingWriter(sink: sink))
        return (response.status, response.headers, sink.buffer.withLock { String(buffer: $0) })
    }

    @Test func theMetricsNeedTheTokenAndTakeItAsABearerHeader() async throws {
        for router in [
            DashboardServer.metricsRouter(context: TestContext.self, MetricsRoutes(registry: registry), access: access),
            DashboardServer.buildRouter(
                context: TestContext.self,
                live: LiveRoutes(session: FakeBackend(), publisher: EventPublisher()),
                history: HistoryRoutes(history: FakeBackend()),
                metrics: MetricsRoutes(registry: registry),
                access: access
            ),
        ] {
            #expect(try await get([:], router: router).0 == .unauthorized)
            #expect(try await get([.authorization: "Bearer wrong-token-wrong-token"], router: router).0 == .unauthorized)
            let (status, headers, body) = try await get([.authorization: "Bearer 0123456789abcdef0123"], router: router)
            #expect(status == .ok)
            #expect(headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            #expect(body.contains("# TYPE gripfit_readings_total counter\ngripfit_readings_total 3\n"), "\(body)")
        }
    }

    @Test func withoutMetricsTheDashboardHasNoMetricsRoute() async throws {
        let router = DashboardServer.buildRouter(
            context: TestContext.self,
            live: LiveRoutes(session: FakeBackend(), publisher: EventPublisher()),
            history: HistoryRoutes(history: FakeBackend()),
            access: AccessPolicy(token: nil, loopbackOnly: false)
        )
        #expect(try await get([:], router: router).0 == .notFound)
    }
}
