import Foundation
import GripFitStore
import Testing

@testable import GripFitPostgres

/// sslmode against a cluster with TLS on and a certificate for `localhost` only, signed by the
/// root in `GRIPFIT_PG_TEST_TLS_ROOT`: what each mode encrypts and what it checks.
@Suite(.enabled(if: LocalServer.isAvailable && LocalServer.tlsRoot != nil, "needs a TLS cluster and its root"))
struct PostgresTLSTests {
    /// Opens the database at `host` with `mode`; answers whether the connection is encrypted.
    private func encrypted(host: String, _ mode: String) throws -> Bool {
        let url = try LocalServer.database().replacingOccurrences(of: "127.0.0.1", with: host)
            .replacingOccurrences(of: "sslmode=disable", with: "sslmode=\(mode)&sslrootcert=\(LocalServer.tlsRoot ?? "")")
        let store = try PostgresHistory(
            location: try PostgresLocation(url, environment: [:]), environment: ["PGPASSWORD": LocalServer.password]
        ) { _ in }
        return try store.with { statements in
            try statements.row("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")?["ssl"] as Int64? == 1
        }
    }

    @Test func preferAndRequireEncrypt() throws {
        #expect(try encrypted(host: "127.0.0.1", "prefer"))
        #expect(try encrypted(host: "127.0.0.1", "require"))
        #expect(try !encrypted(host: "127.0.0.1", "disable"))
    }

    @Test func verifyCAChecksTheCertificateNotTheName() throws {
        #expect(try encrypted(host: "127.0.0.1", "verify-ca"))
    }

    @Test func verifyFullChecksTheName() throws {
        #expect(try encrypted(host: "localhost", "verify-full"))
        do {
            _ = try encrypted(host: "127.0.0.1", "verify-full")
            Issue.record("a certificate for another name was accepted")
        } catch {
            #expect("\(error)".contains("the server's TLS certificate was not accepted"))
        }
    }
}
