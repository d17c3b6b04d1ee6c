import Foundation
import PostgresTestSupport
import Testing

/// `dashboard` on a shared PostgreSQL history, through the real binary, across a server restart: a
/// long-running dashboard must find the server again by itself and push what it kept meanwhile.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)), .enabled(if: TestPostgres.isUsable, Comment(rawValue: TestPostgres.skipReason)))
struct DashboardSharedHistoryTests {
    typealias Dashboard = DashboardEndToEndTests.Dashboard

    /// While the server is down the history answers 503 with the reason and a recording from the page
    /// is kept on the station; once it is back the dashboard serves the server's history again within
    /// 30 s with that recording pushed, and the next recording is saved there.
    @Test func aDashboardAcrossAServerRestartServesAndSavesThereAgain() throws {
        let server = try #require(try TestPostgres.dedicated())
        defer { try? server.stop() }
        let (url, password) = try server.freshDatabase()
        let dashboard = try Dashboard(["--history", url], environment: ["PGPASSWORD": password])
        #expect(try dashboard.client.get("/api/sessions").status == 200)
        try Self.record(dashboard, label: "before")

        try server.stop()
        let away = try dashboard.client.get("/api/sessions")
        #expect(away.status == 503, "\(away.status) \(away.body)")
        #expect(away.body.contains("the history server cannot be reached"), "\(away.body)")
        try Self.record(dashboard, label: "while away")
        // The status counts what is pending as of the last history request, as the page makes one after a save.
        #expect(try dashboard.client.get("/api/sessions").status == 503)
        #expect(try Self.status(dashboard)["pendingSync"] as? Int == 1)

        try server.start()
        let restarted = Date()
        #expect(dashboard.stderr(containing: "answers again", before: restarted + 30), "no reconnection within 30 s of the restart")
        let page = try dashboard.client.get("/api/sessions")
        #expect(page.status == 200, "\(page.status) \(page.body)")
        let rows = DashboardEndToEndTests.object(page.body)["sessions"] as? [[String: Any]] ?? []
        #expect(rows.compactMap { $0["label"] as? String }.sorted() == ["before", "while away"], "\(page.body)")
        #expect(try Self.status(dashboard)["pendingSync"] as? Int == 0)
        try Self.record(dashboard, label: "after")
        #expect(try Self.status(dashboard)["pendingSync"] as? Int == 0, "saved on the server, not kept on the station")
        let stopped = dashboard.stop()
        #expect(stopped.status == 0, "\(stopped.stderr)")

        // Read on the server itself: a command of the binary would push what the station still holds.
        let database = try #require(url.split(separator: "/").last.map(String.init))
        let labels = try server.psql("SELECT label FROM session ORDER BY label", database: database)
        #expect(labels.split(separator: "\n") == ["after", "before", "while away"], "\(labels)")
    }

    /// A recording started and stopped from the page, some readings long.
    static func record(_ dashboard: Dashboard, label: String) throws {
        let start = try dashboard.client.post("/api/record/start", json: #"{"hand":"left","label":"\#(label)"}"#)
        #expect(start.status == 200, "\(label): \(start.status) \(start.body)")
        var readings = 0
        try dashboard.client.events(seconds: 10) { data in
            if DashboardEndToEndTests.object(data)["event"] as? String == "reading" { readings += 1 }
            return readings < 10
        }
        let stop = try dashboard.client.post("/api/record/stop")
        #expect(stop.status == 200, "\(label): \(stop.status) \(stop.body)")
    }

    static func status(_ dashboard: Dashboard) throws -> [String: Any] {
        DashboardEndToEndTests.object(try dashboard.client.get("/api/status").body)
    }
}
