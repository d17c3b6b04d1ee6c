import Foundation
import GRDB
import GripFitClinical
import GripFitCore
import GripFitRecords
import StoreTestSupport
import Testing

@testable import GripFitStore

/// Subjects in the SQLite file: what a hand edit of it does, and what its bytes keep after `forget`.
struct SQLiteHistorySubjectsTests {
    private let directory = Fixtures.temporaryDirectory()
    private var path: String { directory + "/data/gripfit/history.sqlite" }

    @Test func aHandEditedSubjectNamesItsProblem() throws {
        let store = try SQLiteHistory(path: path)
        try store.addSubject(try SessionHistorySubjectsTests.subject())
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "UPDATE subject SET height_cm = 1680, birth = '1979-02-30'") }
        #expect(throws: StoreError.damagedRecord(what: "subject 'P017'", detail: "birth is 1979-02-30")) {
            try store.subject(code: "P017")
        }
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "UPDATE subject SET birth = NULL") }
        #expect(throws: StoreError.damagedSubject(code: "P017", .badHeight(1680))) { try store.subject(code: "P017") }
    }

    /// The stored code reaches the message raw in the typed error, and is escaped once, when printed.
    @Test func aStoredCodeIsEscapedOnceInMessages() throws {
        let store = try SQLiteHistory(path: path)
        try store.addSubject(try SessionHistorySubjectsTests.subject())
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE subject SET code = 'P\u{1B}[2J', birth = 'x'")
        }
        let raw = "P\u{1B}[2J"
        #expect(throws: StoreError.damagedRecord(what: "subject '\(raw)'", detail: "birth is x")) { try store.subject(code: raw) }
        let text = StoreError.damagedRecord(what: "subject '\(raw)'", detail: "birth is x").description
        #expect(text.hasPrefix("subject 'P\\x1B[2J' is damaged"))
        let subjectText = StoreError.damagedSubject(code: raw, .badCode(raw)).description
        #expect(!subjectText.contains("\u{1B}"))
        #expect(!subjectText.contains("\\\\x1B"))
        #expect(subjectText.contains("\\x1B"))
    }

    /// An erasure request: after `forget`, neither the tables nor the file's bytes (freed pages,
    /// journal) hold the subject's code, note or sessions; other subjects' data stays.
    @Test func forgettingASubjectLeavesNothingOfThemInTheFile() throws {
        let store = try SQLiteHistory(path: path)
        let code = "ZQXJ-forget-me"
        try SessionHistorySubjectsTests.fileSubjectToForget(code, in: store)
        // The history is in WAL mode: what was written since the last checkpoint is in the log beside it.
        let before = try Self.fileAndLog(path)
        #expect(before.range(of: Data(code.utf8)) != nil)

        // What the confirmation counts is what the delete deletes.
        #expect(try store.holdings(subject: code) == ForgottenSubject(sessions: 3, assessments: 1))
        #expect(try store.forgetSubject(code: code) == ForgottenSubject(sessions: 3, assessments: 1))

        let bytes = try Self.fileAndLog(path)
        #expect(bytes.range(of: Data(code.utf8)) == nil)
        #expect(bytes.range(of: Data("secret-note-7f3a".utf8)) == nil)
        #expect(bytes.range(of: Data("stays".utf8)) != nil)
        let queue = try DatabaseQueue(path: path)
        let counts = try queue.read { db in
            try ["subject", "assessment", "session", "rep", "trace"].map { try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? -1 }
        }
        #expect(counts == [1, 0, 1, 3, 1])
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM session WHERE label LIKE '%forget-me%'") } == 0)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA freelist_count") } == 0)
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        #expect(throws: StoreError.unknownSubject(code)) { try store.forgetSubject(code: code) }
    }

    /// The history's bytes with its WAL log's: what was written since the last checkpoint is in the log.
    private static func fileAndLog(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path)) + ((try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data())
    }
}
