import Foundation
import GripFitClinical
import GripFitExchange
import GripFitRecords
import GripFitStore
import PostgresTestSupport
import StoreTestSupport
import Testing

@testable import GripFitPostgres

/// A forgotten subject's tombstone on the server, and a forget by a user who may not compact the
/// server's files (the end-to-end case with two stations is SharedSubjectsTests).
@Suite(.enabled(if: TestPostgres.isUsable, Comment(rawValue: TestPostgres.skipReason)))
struct PostgresHistorySubjectsTests {
    private let server: TestPostgres

    init() throws {
        guard let server = try TestPostgres.shared() else { throw TestPostgresError(message: TestPostgres.skipReason) }
        self.server = server
    }

    private func open(_ url: String, user: String = "gripfit") throws -> PostgresHistory {
        let location = try PostgresLocation(url.replacingOccurrences(of: "//gripfit@", with: "//\(user)@"), environment: [:])
        return try PostgresHistory(location: location, environment: ["PGPASSWORD": server.password]) { _ in }
    }

    /// A clerk who may change the rows but owns no table: the forget and its tombstone stand, and the
    /// closing clauses name each compaction step left to the administrator.
    @Test func aForgetByAUserWhoMayNotCompactSaysWhatIsLeftToTheAdministrator() throws {
        let (url, _) = try server.freshDatabase()
        let owner = try open(url)
        try owner.addSubject(try Subject(code: "P9", note: "left-behind"))
        var session = Fixtures.session()
        session.tags.subject = "P9"
        try owner.save(session, sameStart: .skip)
        let clerk = "clerk_\(UUID().uuidString.prefix(8).lowercased())"
        let database = String(url.split(separator: "/").last ?? "")
        _ = try server.psql("CREATE ROLE \(clerk) LOGIN PASSWORD '\(server.password)'")
        _ = try server.psql(
            "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO \(clerk); "
                + "GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO \(clerk)",
            database: database
        )
        let store = try open(url, user: clerk)

        let forgotten = try store.forgetSubject(code: "p9")
        #expect(forgotten == ForgottenSubject(sessions: 1, assessments: 0))
        let said = forgotten.done.joined(separator: "; ")
        #expect(said.contains("a tombstone kept"), "\(said)")
        #expect(said.contains("the server's administrator runs VACUUM FULL session, rep, trace, assessment, subject"), "\(said)")
        #expect(said.contains("administrator runs SELECT pg_switch_wal(); CHECKPOINT"), "\(said)")
        #expect(!said.contains("rewritten without them"), "\(said)")

        // The tombstone: case-blind, names only what was forgotten, refuses the code, files nothing of it.
        #expect(try store.erasedCodes(among: ["KEEP", "p9", "P9"]) == ["p9", "P9"])
        #expect(throws: StoreError.erasedCode("P9")) { try store.addSubject(try Subject(code: "P9")) }
        let copies = ExchangeContents(
            sessions: [session, Fixtures.session(start: 1_795_000_009_000)],
            subjects: [try Subject(code: "P9", note: "left-behind")],
            assessments: []
        )
        #expect(try store.importContents(copies) == ImportOutcome(added: 1, skipped: 0, erased: 1))
        #expect(try store.subjects().isEmpty)
        let stored = try server.psql("SELECT count(*) FROM subject_erasure", database: database)
        #expect(stored.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        #expect(try server.psql("SELECT encode(digest, 'escape') FROM subject_erasure", database: database).contains("P9") == false)
    }
}
