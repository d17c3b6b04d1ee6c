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

    @Test func aStoreErrorPassesThrough() throws {
        let location = try PostgresLocation("postgresql://gripfit@db/grip", environment: [:])
        #expect(PostgresFailure.storeError(StoreError.notFound(id: 3), location: location) == .notFound(id: 3))
    }

    @Test func thePasswordFixNamesBothPlaces() throws {
        let location = try PostgresLocation("postgresql://gripfit@db/grip", environment: [:])
        #expect(
            PostgresFailure.passwordFix(location, problem: "p")
                == "p; set PGPASSWORD or a ~/.pgpass line host:port:db:user:password (chmod 600)")
    }
}
