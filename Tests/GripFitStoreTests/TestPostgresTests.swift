import Foundation
import PostgresTestSupport
import Testing

/// The throwaway cluster the PostgreSQL backend's tests run against.
@Suite(.enabled(if: TestPostgres.isUsable, Comment(rawValue: TestPostgres.skipReason)))
struct TestPostgresTests {
    @Test func theSharedClusterStartsOnceAndPsqlAnswers() throws {
        let cluster = try #require(try TestPostgres.shared())
        #expect(try TestPostgres.shared() === cluster)
        #expect(try cluster.psql("SELECT current_user") == "gripfit")
        #expect(try cluster.psql("SHOW fsync") == "off")
        #expect(cluster.port != 5432, "not the package's own main cluster")
    }

    /// Nobody else on the machine reads the cluster's files (health data during the tests).
    @Test func theClusterDirectoryIsPrivate() throws {
        let cluster = try #require(try TestPostgres.shared())
        let attributes = try FileManager.default.attributesOfItem(atPath: cluster.directory)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test func freshDatabasesAreDistinctAndEmpty() throws {
        let cluster = try #require(try TestPostgres.shared())
        let first = try cluster.freshDatabase()
        let second = try cluster.freshDatabase()
        #expect(first.url != second.url)
        #expect(first.password == cluster.password)
        #expect(!first.url.contains(cluster.password), "the password goes in PGPASSWORD, never in the URL")
        let name = try #require(second.url.split(separator: "/").last.map(String.init))
        #expect(try cluster.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", database: name) == "0")
    }

    /// TCP asks for the password (scram-sha-256): the right one is let in, a wrong one is not.
    @Test func tcpNeedsThePassword() throws {
        let cluster = try #require(try TestPostgres.shared())
        let psql = cluster.binaries + "/psql"
        func connect(password: String) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: psql)
            process.arguments = [
                "-X", "-A", "-t", "-h", "127.0.0.1", "-p", String(cluster.port), "-U", "gripfit", "-d", "postgres", "-c", "SELECT 1",
            ]
            process.environment = ["PGPASSWORD": password, "PGCONNECT_TIMEOUT": "10"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(try connect(password: cluster.password) == 0)
        #expect(try connect(password: "wrong") != 0)
    }

    /// A dedicated cluster stops and starts on the same port, and is gone (server and directory) once released.
    @Test func aDedicatedClusterStopsStartsAndIsRemoved() throws {
        var cluster = try #require(try TestPostgres.dedicated())
        let directory = cluster.directory
        #expect(try TestPostgres.shared()?.port != cluster.port)
        try cluster.stop()
        #expect(throws: TestPostgresError.self) { try cluster.psql("SELECT 1") }
        try cluster.start()
        #expect(try cluster.psql("SELECT 1") == "1")
        cluster = try #require(try TestPostgres.dedicated())
        #expect(!FileManager.default.fileExists(atPath: directory))
    }
}
