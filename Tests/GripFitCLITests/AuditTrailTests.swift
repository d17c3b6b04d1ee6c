import Foundation
import GripFitStore
import PostgresTestSupport
import Testing

/// Issue 37's acceptance for the audit trail, through the real binary: a scripted day lists each
/// step with its actor, verifies, survives a forget without keeping the code, and a row deleted,
/// edited or swapped behind the history's back (sqlite3, psql) fails `audit verify` naming it.
/// The day runs through the binary once per test process; `audit`'s commands read it in-process.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct AuditTrailTests {
    static let code = "QZX-audit-5"
    /// The second user: `GRIPFIT_ACTOR` as documented, kept beside the OS user who declared it.
    static let bob = ["GRIPFIT_ACTOR": "bob"]

    /// The day: subject added, a protocol run on the simulator, its report, a FHIR export, the
    /// assessment shown by a second user, then the subject forgotten.
    /// Through the binary when `launched`, else in-process (issue 32), each command by its own
    /// `run(station:to:)` on `extra`'s environment.
    static func day(_ cli: BuiltBinary, history: [String] = [], extra: [String: String] = [:], launched: Bool = true) throws {
        func run(_ arguments: [String], as user: [String: String] = [:]) throws {
            let environment = extra.merging(user) { $1 }
            let result =
                launched
                ? try cli.run(arguments + history, extra: environment) : cli.runInProcess(arguments + history, extra: environment)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("not recorded in the audit trail"), "\(result.stderr)")
        }
        try run(["subject", "add", code, "--sex", "female", "--birth-year", "1970"])
        try cli.calibrateLikeTheSimulator()
        try run(
            ["record", "--simulate", "--protocol", "standard", "--trials", "1", "--rest", "0", "--subject", code]
                + ["--speed", "5", "--person", "right=30", "--person", "left=25"]
        )
        try run(["report", "A1", "-o", cli.home + "/report.html"])
        try run(["export", "A1", "--format", "fhir", "-o", cli.home + "/fhir.json"])
        try run(["show", "A1"], as: bob)
        try run(["subject", "forget", code, "--yes"])
    }

    /// The day on its own history, once per test process (its recording waits for the simulated squeezes).
    nonisolated(unsafe) static let recordedDay = Result { () throws -> BuiltBinary in
        let cli = BuiltBinary()
        try day(cli)
        return cli
    }

    /// A new instance with a copy of the day's files, for a test that changes them.
    static func copyOfTheDay() throws -> BuiltBinary {
        let day = try recordedDay.get()
        let cli = BuiltBinary()
        let homes = [(day.dataHome, cli.dataHome), (day.configHome, cli.configHome)]
        for (from, to) in homes where FileManager.default.fileExists(atPath: from) {
            try? FileManager.default.removeItem(atPath: to)
            try FileManager.default.copyItem(atPath: from, toPath: to)
        }
        return cli
    }

    static func entries(_ cli: BuiltBinary, _ arguments: [String] = [], extra: [String: String] = [:]) throws -> [[String: Any]] {
        let list = cli.runInProcess(["audit", "list", "--format", "json"] + arguments, extra: extra)
        #expect(list.status == 0, "\(list.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
    }

    @Test func aScriptedDayIsListedWithItsActorsAndVerifies() throws {
        let cli = try Self.copyOfTheDay()
        let user = try #require(getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) })
        let entries = try Self.entries(cli)
        let steps = entries.map { "\($0["action"] ?? "") \($0["actor"] ?? "")" }
        #expect(
            steps == [
                "subject-add \(user)", "record \(user)", "report \(user)", "export \(user)", "show bob", "subject-forget \(user)",
            ],
            "\(steps)"
        )
        #expect(entries[4]["role"] as? String == "declared by os-user \(user)")
        #expect(entries.allSatisfy { ($0["outcome"] as? String) == "ok" })
        // The table says the same, one line per entry under its header.
        let table = cli.runInProcess("audit", "list")
        #expect(table.lines.count == 7 && table.lines[5].contains("show") && table.lines[5].contains("bob"), "\(table.stdout)")
        let verify = cli.runInProcess("audit", "verify")
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("holds: 6 entries"), "\(verify.stdout)")

        // After the forget the file holds nothing of the code, yet the subject's entries are found by it.
        let path = XDGPaths(environment: cli.environment).databasePath
        let checkpoint = Process()
        checkpoint.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        checkpoint.arguments = [path, "PRAGMA wal_checkpoint(TRUNCATE)"]
        try checkpoint.run()
        checkpoint.waitUntilExit()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.range(of: Data(Self.code.utf8)) == nil)
        #expect(bytes.range(of: Data(Self.code.lowercased().utf8)) == nil)
        let theirs = try Self.entries(cli, ["--subject", Self.code])
        #expect(theirs.compactMap { $0["action"] as? String } == ["subject-add", "record", "report", "export", "show", "subject-forget"])
        #expect(try Self.entries(cli, ["--action", "show"]).count == 1)
    }

    @Test func theTrailExportsAsValidFHIRAuditEvents() throws {
        let cli = try Self.copyOfTheDay()
        let export = cli.runInProcess("audit", "export", "--format", "fhir")
        #expect(export.status == 0, "\(export.stderr)")
        #expect(!export.stdout.contains(Self.code))
        let path = cli.home + "/audit.json"
        try Data(export.stdout.utf8).write(to: URL(fileURLWithPath: path))
        ClinicalAcceptanceTests.expectValidFHIR(path)
        let events = try ClinicalAcceptanceTests.entries(path)
        #expect(events.count == 6)
        #expect(events.allSatisfy { $0["resourceType"] as? String == "AuditEvent" })
        #expect(events.map { $0["action"] as? String ?? "" } == ["C", "C", "R", "E", "R", "D"])
    }

    /// A copy of the day's history per tamper, each changed with sqlite3 past the triggers.
    @Test(arguments: [
        ("DROP TRIGGER audit_no_delete; DELETE FROM audit WHERE seq = 3", "entry 4: expected entry 3 here"),
        ("DROP TRIGGER audit_no_update; UPDATE audit SET actor = 'mallory' WHERE seq = 2", "entry 2: its contents do not give its hash"),
        (
            "DROP TRIGGER audit_no_update; UPDATE audit SET seq = -seq WHERE seq IN (2, 3); "
                + "UPDATE audit SET seq = 5 + seq WHERE seq IN (-2, -3)",
            "entry 2:"
        ),
        ("DROP TRIGGER audit_no_delete; DELETE FROM audit WHERE seq = 6", "entry 6:"),
    ])
    func aRowChangedWithSQLite3FailsVerifyNamingIt(tamper: String, named: String) throws {
        let cli = try Self.copyOfTheDay()
        let path = XDGPaths(environment: cli.environment).databasePath
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [path, tamper]
        let errors = Pipe()
        sqlite.standardError = errors
        try sqlite.run()
        sqlite.waitUntilExit()
        #expect(sqlite.terminationStatus == 0, "\(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        let verify = cli.runInProcess("audit", "verify")
        #expect(verify.status == 65, "\(verify.stdout) \(verify.stderr)")
        #expect(verify.stderr.contains(named), "\(verify.stderr)")
    }

    /// Without dropping the triggers, sqlite3 itself is refused.
    @Test func sqlite3IsRefusedAChangeWhileTheTriggersStand() throws {
        let cli = BuiltBinary()
        #expect(cli.runInProcess("subject", "add", "P1").status == 0)
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [XDGPaths(environment: cli.environment).databasePath, "DELETE FROM audit"]
        let errors = Pipe()
        sqlite.standardError = errors
        try sqlite.run()
        sqlite.waitUntilExit()
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("append-only"))
        #expect(cli.runInProcess("audit", "verify").status == 0)
    }

    /// The same day on a PostgreSQL history; psql, its trigger disabled, edits then deletes a row.
    @Test(.enabled(if: TestPostgres.isUsable, Comment(rawValue: TestPostgres.skipReason)))
    func onPostgreSQLTheDayVerifiesAndPsqlTamperingIsNamed() throws {
        let server = try #require(try TestPostgres.shared())
        let (url, password) = try server.freshDatabase()
        let database = try #require(url.split(separator: "/").last.map(String.init))
        let cli = BuiltBinary()
        let extra = ["PGPASSWORD": password]
        // In-process: recordedDay runs the day through the binary on SQLite.
        try Self.day(cli, history: ["--history", url], extra: extra, launched: false)
        let steps = try Self.entries(cli, ["--history", url], extra: extra).compactMap { $0["action"] as? String }
        #expect(steps == ["subject-add", "record", "report", "export", "show", "subject-forget"], "\(steps)")
        #expect(cli.runInProcess(["audit", "verify", "--history", url], extra: extra).status == 0)
        #expect(try server.psql("SELECT count(*) FROM audit WHERE subjects LIKE '%\(Self.code)%'", database: database) == "0")

        _ = try server.psql("ALTER TABLE audit DISABLE TRIGGER USER; UPDATE audit SET outcome = 'failed' WHERE seq = 3", database: database)
        let edited = cli.runInProcess(["audit", "verify", "--history", url], extra: extra)
        #expect(edited.status == 65 && edited.stderr.contains("entry 3: its contents do not give its hash"), "\(edited.stderr)")
        _ = try server.psql("DELETE FROM audit WHERE seq = 2", database: database)
        let deleted = cli.runInProcess(["audit", "verify", "--history", url], extra: extra)
        #expect(deleted.status == 65 && deleted.stderr.contains("entry 3: expected entry 2 here"), "\(deleted.stderr)")
    }
}

/// The page's side: a login (the token in the URL), a refused request and a detail view are
/// recorded with the token's name and role, or as nobody known for a wrong token (a request with
/// none is not recorded, so a flood of them cannot fill the history).
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct AuditTrailDashboardTests {
    @Test func thePagesLoginRefusalAndViewsAreRecorded() throws {
        let cli = BuiltBinary()
        #expect(try cli.run("subject", "add", AuditTrailTests.code).status == 0)
        #expect(try cli.run("record", "--simulate", "--duration", "1", "--subject", AuditTrailTests.code).status == 0)
        let token = "0123456789abcdef0123"
        let dashboard = try DashboardEndToEndTests.Dashboard(["--token", token], binary: cli)
        #expect(try dashboard.client.get("/api/sessions/1").status == 401)
        #expect(try dashboard.client.get("/api/sessions/1", headers: ["X-GripFit-Token": "wrong-token-0123456789"]).status == 401)
        #expect(try dashboard.client.get("/?token=\(token)").status == 200)
        let view = try dashboard.client.get("/api/sessions/1", headers: ["X-GripFit-Token": token])
        #expect(view.status == 200, "\(view.body)")
        let stopped = dashboard.stop()
        #expect(!stopped.stderr.contains("not recorded in the audit trail"), "\(stopped.stderr)")
        let entries = try AuditTrailTests.entries(cli)
        let steps = entries.map { "\($0["action"] ?? "") \($0["actor"] ?? "") \($0["role"] ?? "") \($0["outcome"] ?? "")" }
        #expect(
            Array(steps.dropFirst(2)) == [
                "login unknown no valid token failed: a wrong token", "login admin admin ok", "view admin admin ok",
            ],
            "\(steps)"
        )
        #expect(try AuditTrailTests.entries(cli, ["--subject", AuditTrailTests.code]).count == 3)
        #expect(try cli.run("audit", "verify").status == 0)
    }
}
