import Foundation
import PostgresTestSupport
import Testing

/// Issue 23's bad input: each refusal names the fix and has its exit code. `history`'s refusals are
/// read in-process by the command's own code (``InProcessHistory``); a copy and a recording go
/// through the binary.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)), .enabled(if: TestPostgres.isUsable, Comment(rawValue: TestPostgres.skipReason)))
struct SharedHistoryRefusalTests {
    @Test func anUnreachableServerExits69AndNamesTheStationsOwnHistory() throws {
        let cli = BuiltBinary()
        let result = InProcessHistory.run(
            ["history", "--history", "postgresql://gripfit@127.0.0.1:1/gripfit"],
            in: cli,
            extra: ["PGPASSWORD": "x"]
        )
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("cannot be reached"), "\(result.stderr)")
    }

    @Test func aWrongPasswordSaysWhereThePasswordGoes() throws {
        let server = try #require(try TestPostgres.shared())
        let (url, _) = try server.freshDatabase()
        let result = InProcessHistory.run(["history", "--history", url], in: BuiltBinary(), extra: ["PGPASSWORD": "wrong"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("password authentication failed"), "\(result.stderr)")
        #expect(result.stderr.contains(".pgpass"), "\(result.stderr)")
    }

    /// A TLS policy the server cannot meet is the server's being unusable (69), not a history that cannot be written (73).
    @Test func verifyFullAgainstAServerWithoutTLSExits69WithTheFix() throws {
        let server = try #require(try TestPostgres.shared())
        let (url, password) = try server.freshDatabase()
        let result = InProcessHistory.run(
            ["history", "--history", url + "?sslmode=verify-full"],
            in: BuiltBinary(),
            extra: ["PGPASSWORD": password]
        )
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("the server offers no TLS, which sslmode=verify-full requires"), "\(result.stderr)")
    }

    @Test func aPasswordInTheURLIsRefusedWithTheFix() throws {
        let result = InProcessHistory.run(["history", "--history", "postgresql://gripfit:hunter2@127.0.0.1/gripfit"], in: BuiltBinary())
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(".pgpass"), "\(result.stderr)")
        #expect(!result.stderr.contains("hunter2"), "\(result.stderr)")
    }

    @Test func aServerWithANewerSchemaIsRefusedAndLeftAlone() throws {
        let server = try #require(try TestPostgres.shared())
        let (url, password) = try server.freshDatabase()
        let cli = BuiltBinary()
        let extra = ["PGPASSWORD": password]
        #expect(InProcessHistory.run(["history", "--history", url], in: cli, extra: extra).status == 0)
        let database = String(url.split(separator: "/").last ?? "")
        _ = try server.psql(
            "INSERT INTO gripfit_schema_migrations (version, name, applied_at) VALUES (999, 'later', now())",
            database: database
        )
        let result = InProcessHistory.run(["history", "--history", url], in: cli, extra: extra)
        #expect(result.status != 0)
        #expect(result.stderr.contains("Upgrade gripfit-serial"), "\(result.stderr)")
    }

    /// A copy to a server that holds some of the sessions already skips them and counts them; a second copy copies nothing.
    @Test func aCopySkipsWhatTheServerHolds() throws {
        let server = try #require(try TestPostgres.shared())
        let (url, password) = try server.freshDatabase()
        let cli = BuiltBinary()
        let extra = ["PGPASSWORD": password]
        for seconds in [1.0, 2.0, 3.0] { try cli.recordLikeTheSimulator(seconds: seconds) }
        // One of the three is on the server already.
        let one = cli.inProcess("export", "1", "-o", cli.home + "/one.json")
        #expect(one.status == 0, "\(one.stderr)")
        #expect(cli.runInProcess(["import", cli.home + "/one.json", "--history", url], extra: extra).status == 0)

        let first = cli.runInProcess(["history", "copy", "--to", url], extra: extra)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("copied 2"), "\(first.stdout)")
        #expect(first.stdout.contains("skipped 1"), "\(first.stdout)")
        let again = cli.runInProcess(["history", "copy", "--to", url], extra: extra)
        #expect(again.stdout.contains("copied 0"), "\(again.stdout)")
        #expect(again.stdout.contains("skipped 3"), "\(again.stdout)")
    }

    /// A database that takes no writes is found before the first reading: `record` and a guided
    /// run exit 73 at once naming the fix, nothing recorded, no rescue file (issue 38 item 4).
    @Test func aReadOnlyDatabaseIsRefusedBeforeTheFirstReading() throws {
        let server = try #require(try TestPostgres.shared())
        let (url, password) = try server.freshDatabase()
        let database = String(url.split(separator: "/").last ?? "")
        let cli = BuiltBinary()
        let extra = ["PGPASSWORD": password]
        #expect(
            InProcessHistory.run(["history", "--history", url], in: cli, extra: extra).status == 0,
            "the schema is made while it may be"
        )
        _ = try server.psql("ALTER DATABASE \(database) SET default_transaction_read_only = on")
        for arguments in [
            ["record", "--simulate", "--duration", "2"],
            ["record", "--simulate", "--protocol", "standard", "--trials", "2", "--rest", "0", "--duration", "2"],
        ] {
            let result = try cli.run(arguments + ["--history", url], extra: extra)
            #expect(result.status == 73, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("default_transaction_read_only = off"), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("no calibration for this device"), "no reading was taken: \(result.stderr)")
            #expect(!result.stderr.contains("rescue"), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
        }
        #expect(try server.psql("SELECT count(*) FROM session", database: database).hasPrefix("0"))
    }

    /// libpq's `sslmode=allow` (plain first) and a scheme in capitals open the server's history.
    @Test func sslModeAllowAndACapitalSchemeAreTaken() throws {
        let server = try #require(try TestPostgres.shared())
        let (url, password) = try server.freshDatabase()
        let extra = ["PGPASSWORD": password]
        for history in [url + "?sslmode=allow", "POSTGRESQL" + url.dropFirst("postgresql".count)] {
            let result = InProcessHistory.run(["history", "--history", history], in: BuiltBinary(), extra: extra)
            #expect(result.status == 0, "\(history): \(result.stderr)")
        }
    }
}
