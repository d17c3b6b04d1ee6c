import HTTPTypes

/// The least role each route needs, one table for every route the dashboard serves, so a route is
/// checked where it is listed and nowhere else. ``AccessMiddleware`` looks every request up here
/// before the router sees it; a route missing from the table needs `admin`, so a new one fails
/// closed (and `RouteRolesTests` fails until it is listed). Paths are written as the router
/// describes them, `{id}` standing for one path component.
public enum RouteRoles {
    public struct Route: Hashable, Sendable, CustomStringConvertible {
        public let method: HTTPRequest.Method
        public let path: String

        public init(_ method: HTTPRequest.Method, _ path: String) {
            self.method = method
            self.path = path
        }

        public var description: String { "\(method) \(path)" }

        /// Whether a write: what a viewer may never do.
        public var changesState: Bool { method != .get && method != .head }
    }

    /// The table: viewers watch and read, clinicians also record and add subjects (and take one
    /// session's export), admins also export everything and erase.
    public static let table: [Route: DashboardRole] = {
        var table: [Route: DashboardRole] = [:]
        for file in PageFile.all { table[Route(.get, file.path)] = .viewer }
        for path in [
            "/api/whoami", "/api/events", "/api/status", "/api/protocols", "/api/devices", "/metrics",
            "/api/sessions", "/api/sessions/{id}", "/api/sessions/{id}/plot.svg", "/api/trend",
            "/api/assessments", "/api/assessments/{id}", "/api/assessments/{id}/report.html", "/api/subjects",
        ] {
            table[Route(.get, path)] = .viewer
        }
        for path in ["/api/sessions/{id}/export.csv", "/api/sessions/{id}/export.json"] { table[Route(.get, path)] = .clinician }
        for path in [
            "/api/tare", "/api/peak/reset", "/api/record/start", "/api/record/stop", "/api/devices/scan", "/api/devices/pin",
            "/api/subjects",
        ] {
            table[Route(.post, path)] = .clinician
        }
        table[Route(.get, "/api/export/all.json")] = .admin
        table[Route(.delete, "/api/subjects/{code}")] = .admin
        return table
    }()

    /// The least role for `method` on the concrete `path` (a query left off); `admin` for a route not listed.
    public static func least(_ method: HTTPRequest.Method, path: String) -> DashboardRole {
        let asked: HTTPRequest.Method = method == .head ? .get : method
        let components = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var best: (role: DashboardRole, captures: Int)?
        for (route, role) in table where route.method == asked {
            let pattern = route.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            guard pattern.count == components.count else { continue }
            var captures = 0
            let matches = zip(pattern, components).allSatisfy { expected, given in
                if expected.hasPrefix("{") {
                    captures += 1
                    return !given.isEmpty
                }
                return expected == given
            }
            // A literal path wins over a capture at the same place, as in the router.
            if matches, best.map({ captures < $0.captures }) ?? true { best = (role, captures) }
        }
        return best?.role ?? .admin
    }
}
