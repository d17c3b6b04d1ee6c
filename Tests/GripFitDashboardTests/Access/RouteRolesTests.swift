import GripFitDashboard
import HTTPTypes
import Hummingbird
import Prometheus
import Testing

/// The route-to-role table: every route the dashboard serves is listed (so a new one cannot go
/// unchecked), and a path finds its route's role.
struct RouteRolesTests {
    @Test func everyRouteTheDashboardServesIsInTheTableAndNoOther() {
        let backend = FakeBackend()
        let router = DashboardServer.buildRouter(
            context: TestContext.self,
            live: LiveRoutes(session: backend, publisher: EventPublisher()),
            history: HistoryRoutes(history: backend),
            metrics: MetricsRoutes(registry: PrometheusCollectorRegistry()),
            access: AccessPolicy(token: nil, loopbackOnly: true)
        )
        let served = Set(router.routes.map { RouteRoles.Route($0.method, $0.path.description) })
        let unlisted = served.subtracting(RouteRoles.table.keys)
        let unserved = Set(RouteRoles.table.keys).subtracting(served)
        #expect(unlisted.isEmpty, "served but not in RouteRoles.table: \(unlisted)")
        #expect(unserved.isEmpty, "in RouteRoles.table but not served: \(unserved)")
    }

    @Test func aViewerOnlyReadsAndNoWriteIsAViewers() {
        for (route, role) in RouteRoles.table where route.changesState {
            #expect(role > .viewer, "\(route)")
        }
        #expect(RouteRoles.table[RouteRoles.Route(.get, "/api/export/all.json")] == .admin)
        #expect(RouteRoles.table[RouteRoles.Route(.delete, "/api/subjects/{code}")] == .admin)
        #expect(RouteRoles.table[RouteRoles.Route(.post, "/api/record/start")] == .clinician)
        #expect(RouteRoles.table[RouteRoles.Route(.get, "/api/sessions/{id}/export.csv")] == .clinician)
    }

    @Test func aPathFindsItsRoutesRole() {
        #expect(RouteRoles.least(.get, path: "/") == .viewer)
        #expect(RouteRoles.least(.head, path: "/api/status") == .viewer)
        #expect(RouteRoles.least(.get, path: "/api/sessions/s-abc") == .viewer)
        #expect(RouteRoles.least(.get, path: "/api/sessions/12/export.json") == .clinician)
        #expect(RouteRoles.least(.post, path: "/api/subjects") == .clinician)
        #expect(RouteRoles.least(.delete, path: "/api/subjects/P017") == .admin)
        // A literal path beats a capture at the same place.
        #expect(RouteRoles.least(.get, path: "/api/export/all.json") == .admin)
        // Not listed: admin, so a route added without a row fails closed.
        #expect(RouteRoles.least(.get, path: "/api/secret") == .admin)
        #expect(RouteRoles.least(.delete, path: "/api/sessions/3") == .admin)
        #expect(RouteRoles.least(.delete, path: "/api/subjects/") == .admin)
    }

    @Test func rolesAreOrdered() {
        #expect(DashboardRole.viewer < .clinician && DashboardRole.clinician < .admin)
        #expect(DashboardRole.names == "viewer, clinician or admin")
    }
}
