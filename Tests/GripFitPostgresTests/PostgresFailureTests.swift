import GripFitRecords
import GripFitStore
import Testing

@testable import GripFitPostgres

@Suite struct PostgresFailureTests {
    /// Nothing listens on port 1 of the loopback: the connection is refused at once.
    @Test func aClosedPortIsUnreachable() throws {
        let location = try PostgresLocation("postgresql://gripfit@127.0.0.1:1/grip?sslmode=disable", environment: [:])
        do {
            _ = try PostgresHistory(location: location, environment: [:]) { _ in }
            Issue.record("a closed port connected")
        } catch {
            guard case .unreachable(let place, _) = error else {
                Issue.record("not unreachable: \(error)")
                return
            }
            #expect(place == "postgresql://gripfit@127.0.0.1:1/grip?sslmode=disable")
        }
    }

    /// The CA file is read before any connection: a wrong path is the user's to fix, not the network's.
    @Test func anUnreadableRootCertificateNamesTheFile() throws {
        let location = try PostgresLocation(
            "postgresql://gripfit@127.0.0.1:1/grip?sslmode=verify-ca&sslrootcert=/nonexistent/ca.pem",
            environment: [:]
        )
        do {
            _ = try PostgresHistory(location: location, environment: [:]) { _ in }
            Issue.record("a missing CA file was accepted")
        } catch {
            guard case .unavailable(_, let reason) = error else {
                Issue.record("not unavailable: \(error)")
                return
            }
            #expect(reason.hasPrefix("the sslrootcert file /nonexistent/ca.pem does not read as PEM certificates"))
            #expect(!error.description.contains("XDG_DATA_HOME"), "a server's fix is not the data directory's")
        }
    }

    @Test func aStoreErrorPassesThrough() throws {
        let location = try PostgresLocation("postgresql://gripfit@db/grip", environment: [:])
        #expect(PostgresFailure.storeError(StoreError.notFound(id: 3), location: location) == .notFound(id: 3))
    }

    @Test func thePasswordFixNamesBothPlaces() throws {
        let location = try PostgresLocation("postgresql://gripfit@db/grip", environment: [:])
        #expect(
            PostgresFailure.passwordFix(location, problem: "p")
                == "p; set PGPASSWORD or a ~/.pgpass line host:port:db:user:password (chmod 600)"
        )
    }
}
