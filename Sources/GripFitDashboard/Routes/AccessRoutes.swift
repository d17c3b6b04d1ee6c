import GripFitOutput
import Hummingbird

/// `/api/whoami`: the token's name and role, which the page reads to hide what the role cannot do
/// (the server refuses it anyway, ``RouteRoles``). A dashboard without tokens is its users' own: admin.
enum AccessRoutes {
    static func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/api/whoami") { _, _ in
            var object = JSONObject()
            let holder = TokenHolder.current
            if let holder { object.set("name", holder.name) } else { object.setNull("name") }
            object.set("role", (holder?.role ?? .admin).rawValue)
            object.set("roles", DashboardRole.allCases.map(\.rawValue))
            return RouteIO.json(object.text)
        }
    }
}
