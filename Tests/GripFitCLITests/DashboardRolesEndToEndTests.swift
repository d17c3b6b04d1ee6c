import Foundation
import GripFitDashboard
import Testing

/// Named tokens and their roles through the real binary: `dashboard token add|list|revoke`, every
/// route above a role refused with 403 (enumerated from the route table, so a new route is tried
/// too), a clinician recording, an admin exporting everything and erasing, and the audit trail
/// naming each token's holder.
@Suite(.waitsOnProcesses, .serialized) struct DashboardRolesEndToEndTests {
    static func add(_ binary: BuiltBinary, _ name: String, _ role: String) -> String {
        let added = binary.runInProcess("dashboard", "token", "add", name, "--role", role)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("shown only here"), "\(added.stderr)")
        return added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A path the route answers, its captures filled in.
    static func concrete(_ route: RouteRoles.Route) -> String {
        route.path.replacingOccurrences(of: "{id}", with: "1").replacingOccurrences(of: "{code}", with: "P017")
    }

    @Test func eachRoleDoesWhatItMayAndIsRefusedTheRest() throws {
        let binary = BuiltBinary()
        #expect(binary.runInProcess("subject", "add", "P017").status == 0)
        let viewer = Self.add(binary, "reception", "viewer")
        let clinician = Self.add(binary, "dr-lee", "clinician")
        let admin = Self.add(binary, "it-desk", "admin")
        #expect(binary.runInProcess("dashboard", "token", "add", "reception", "--role", "admin").status != 0, "names are unique")
        #expect(binary.runInProcess("dashboard", "token", "add", "x", "--role", "owner").status == 64)

        let list = binary.runInProcess("dashboard", "token", "list")
        #expect(list.status == 0)
        for line in ["reception", "viewer", "dr-lee", "clinician", "it-desk", "admin"] {
            #expect(list.stdout.contains(line), "\(list.stdout)")
        }
        for token in [viewer, clinician, admin] { #expect(!list.stdout.contains(token), "the list never shows a token") }

        let dashboard = try DashboardEndToEndTests.Dashboard(binary: binary)
        func as_(_ token: String) -> [String: String] { ["X-GripFit-Token": token, "Content-Type": "application/json"] }
        #expect(try dashboard.client.get("/api/status").status == 401, "with named tokens, loopback needs one too")
        #expect(try dashboard.client.get("/api/sessions", headers: as_(viewer)).status == 200)

        // A viewer's forged request to every route above its role: 403, naming the role it needs.
        for (route, needed) in RouteRoles.table where needed > .viewer {
            let answer = try dashboard.client.request(route.method.rawValue, Self.concrete(route), headers: as_(viewer), body: "{}")
            #expect(answer.status == 403, "\(route): \(answer.status) \(answer.body)")
            #expect(answer.body.contains("needs the \(needed.rawValue) role") && answer.body.contains("reception"), "\(answer.body)")
        }
        #expect(RouteRoles.table.contains { $0.key.changesState }, "the table lists the write routes")

        // A clinician records (the event stream takes the token in the URL, as the page's first load does).
        let start = try dashboard.client.post("/api/record/start", json: #"{"hand":"left","subject":"P017"}"#, headers: as_(clinician))
        #expect(start.status == 200, "\(start.body)")
        var readings = 0
        try dashboard.client.events("/api/events?token=\(clinician)", seconds: 20) { data in
            if data.contains(#""event":"reading""#) { readings += 1 }
            return readings < 20
        }
        let stop = try dashboard.client.post("/api/record/stop", headers: as_(clinician))
        #expect(stop.status == 200, "\(stop.body)")
        // … but neither exports everything nor erases.
        #expect(try dashboard.client.get("/api/export/all.json", headers: as_(clinician)).status == 403)
        #expect(try dashboard.client.request("DELETE", "/api/subjects/P017", headers: as_(clinician)).status == 403)
        // An admin does both.
        let all = try dashboard.client.get("/api/export/all.json", headers: as_(admin))
        #expect(all.status == 200 && all.body.contains("P017"), "\(all.status) \(all.body.prefix(200))")
        let erased = try dashboard.client.request("DELETE", "/api/subjects/P017", headers: as_(admin))
        #expect(erased.status == 200 && erased.body.contains(#""sessions":1"#), "\(erased.body)")

        // Revoked: refused from its next request, the dashboard still running.
        #expect(binary.runInProcess("dashboard", "token", "revoke", "reception").status == 0)
        #expect(try dashboard.client.get("/api/sessions", headers: as_(viewer)).status == 401)
        #expect(binary.runInProcess("dashboard", "token", "revoke", "reception").status == 65)
        #expect(dashboard.stop().status == 0)

        let trail = binary.runInProcess("audit", "list", "--format", "json")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(trail.stdout.utf8)) as? [[String: Any]])
        func has(_ action: String, _ actor: String, _ role: String) -> Bool {
            entries.contains { $0["action"] as? String == action && $0["actor"] as? String == actor && $0["role"] as? String == role }
        }
        #expect(has("record", "dr-lee", "clinician"), "\(entries)")
        #expect(has("export", "it-desk", "admin"), "\(entries)")
        #expect(has("subject-forget", "it-desk", "admin"), "\(entries)")
        #expect(entries.filter { $0["action"] as? String == "token-add" }.count == 3)
        #expect(entries.contains { $0["action"] as? String == "token-revoke" && ($0["detail"] as? String)?.contains("reception") == true })
        #expect(binary.runInProcess("audit", "verify").status == 0)
    }
}
