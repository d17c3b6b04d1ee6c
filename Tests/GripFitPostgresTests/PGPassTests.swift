import Foundation
import ScratchSupport
import Testing

@testable import GripFitPostgres

@Suite struct PGPassTests {
    let location: PostgresLocation

    init() throws {
        location = try PostgresLocation("postgresql://clinic@db.example:5433/grip", environment: [:])
    }

    /// A temporary home holding `.pgpass` with `text` and `mode`.
    private func home(_ text: String, mode: mode_t = 0o600) throws -> String {
        let directory = Scratch.directory("pgpass")
        let file = directory + "/.pgpass"
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        chmod(file, mode)
        return directory
    }

    @Test func firstMatchingLineWins() {
        let text = """
            # comment:*:*:*:no
            other.example:5433:grip:clinic:wrong-host
            db.example:5432:grip:clinic:wrong-port
            db.example:*:grip:clinic:first
            *:*:*:*:second
            """
        #expect(PGPass.password(in: text, for: location) == "first")
        #expect(PGPass.password(in: "*:*:*:*:any", for: location) == "any")
        #expect(PGPass.password(in: "db.example:5433:grip:nurse:x", for: location) == nil)
    }

    @Test func escapesAreUndone() throws {
        #expect(PGPass.password(in: #"*:*:*:*:a\:b\\c"#, for: location) == #"a:b\c"#)
        #expect(PGPass.password(in: #"*:*:*:*:pass:trailing"#, for: location) == "pass", "an unescaped colon ends the password")
        let colon = try PostgresLocation("postgresql://clinic@db.example:5433/gr:ip", environment: [:])
        #expect(PGPass.password(in: #"*:*:gr\:ip:*:yes"#, for: colon) == "yes")
        #expect(PGPass.password(in: #"\*:*:*:*:star"#, for: location) == nil, "an escaped star is a literal host name")
        #expect(PGPass.password(in: "too:few:fields", for: location) == nil)
    }

    @Test func socketConnectionsMatchLocalhost() throws {
        let socket = try PostgresLocation("postgresql://clinic@/grip?host=/run/pg", environment: [:])
        #expect(PGPass.password(in: "localhost:5432:grip:clinic:local", for: socket) == "local")
    }

    @Test func pgpasswordComesFirst() throws {
        let home = try home("*:*:*:*:from-file")
        let pass = PGPass(environment: ["PGPASSWORD": "from-env"], home: home)
        #expect(pass.password(for: location) { _ in Issue.record("no warning expected") } == "from-env")
        #expect(PGPass(environment: ["PGPASSWORD": ""], home: home).password(for: location) { _ in } == "from-file")
    }

    @Test func pgpassfileReplacesTheHomeFile() throws {
        let home = try home("*:*:*:*:home")
        let other = try self.home("*:*:*:*:elsewhere")
        let pass = PGPass(environment: ["PGPASSFILE": other + "/.pgpass"], home: home)
        #expect(pass.password(for: location) { _ in } == "elsewhere")
    }

    @Test func homeIsHOMEElseTheAccounts() {
        #expect(PGPass.home(environment: ["HOME": "/home/station"]) == "/home/station")
        #expect(PGPass.home(environment: ["HOME": ""]) == PGPass.home(environment: [:]))
        #expect(PGPass.home(environment: [:]) != nil, "the account's home from the password database")
    }

    @Test func aFileOthersCanReadIsIgnoredWithLibpqsWarning() throws {
        let home = try home("*:*:*:*:exposed", mode: 0o644)
        var warnings: [String] = []
        #expect(PGPass(environment: [:], home: home).password(for: location) { warnings.append($0) } == nil)
        #expect(
            warnings == [
                "WARNING: password file \"\(home)/.pgpass\" has group or world access; permissions should be u=rw (0600) or less"
            ]
        )
    }
}
