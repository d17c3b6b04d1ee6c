import Foundation
import GripFitRecords
import GripFitStore
import PostgresTestSupport
import Testing

@testable import GripFitPostgres

/// sslmode against a cluster of its own with TLS on and a self-signed certificate for `localhost`
/// only (made by the server's own openssl, so the key is the server user's): what each mode
/// encrypts and what it checks.
@Suite(.enabled(if: TestPostgres.isUsable, Comment(rawValue: TestPostgres.skipReason)))
struct PostgresTLSTests {
    @Test func eachModeEncryptsAndChecksWhatLibpqsDoes() throws {
        guard let server = try TestPostgres.dedicated() else { throw TestPostgresError(message: TestPostgres.skipReason) }
        _ = try server.psql(
            "COPY (SELECT 1) TO PROGRAM 'openssl req -x509 -newkey rsa:2048 -nodes -keyout server.key -out server.crt -days 1 "
                + "-subj /CN=localhost -addext subjectAltName=DNS:localhost 2>/dev/null && chmod 600 server.key'"
        )
        _ = try server.psql("ALTER SYSTEM SET ssl = on")
        _ = try server.psql("SELECT pg_reload_conf()")
        let deadline = ContinuousClock.now + .seconds(10)
        while try server.psql("SHOW ssl").trimmingCharacters(in: .whitespacesAndNewlines) != "on", ContinuousClock.now < deadline {}
        let root = server.directory + "/data/server.crt"
        let database = try server.freshDatabase()

        /// Opens the database at `host` with `mode`; answers whether the connection is encrypted.
        func encrypted(host: String, _ mode: String) throws -> Bool {
            let url = database.url.replacingOccurrences(of: "127.0.0.1", with: host) + "?sslmode=\(mode)&sslrootcert=\(root)"
            let store = try PostgresHistory(
                location: try PostgresLocation(url, environment: [:]),
                environment: ["PGPASSWORD": database.password]
            ) { _ in }
            return try store.with { statements in
                try statements.row("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")?["ssl"] as Int64? == 1
            }
        }

        #expect(try encrypted(host: "127.0.0.1", "prefer"))
        #expect(try encrypted(host: "127.0.0.1", "require"))
        #expect(try !encrypted(host: "127.0.0.1", "disable"))
        #expect(try !encrypted(host: "127.0.0.1", "allow"), "allow tries without TLS first")
        #expect(try encrypted(host: "127.0.0.1", "verify-ca"), "verify-ca checks the certificate, not the name")
        #expect(try encrypted(host: "localhost", "verify-full"))
        do {
            _ = try encrypted(host: "127.0.0.1", "verify-full")
            Issue.record("a certificate for another name was accepted")
        } catch {
            #expect("\(error)".contains("the server's TLS certificate was not accepted"))
        }

        // A server that takes TLS connections only: allow's plain try is refused, and it tries again with TLS, as libpq does.
        let rules = "VALUES ('local all all trust'), ('hostssl all all 127.0.0.1/32 scram-sha-256')"
        _ = try server.psql("COPY (\(rules)) TO '\(server.directory)/data/pg_hba.conf'")
        _ = try server.psql("SELECT pg_reload_conf()")
        let reloaded = ContinuousClock.now + .seconds(10)
        while (try? encrypted(host: "127.0.0.1", "disable")) != nil, ContinuousClock.now < reloaded {}
        #expect(throws: StoreError.self, "plain connections are refused now") { try encrypted(host: "127.0.0.1", "disable") }
        #expect(try encrypted(host: "127.0.0.1", "allow"))
    }
}
