import Foundation
import GRDB
import GripFitClinical
import GripFitCore
@testable import GripFitStore
import Testing

struct SQLiteHistorySubjectsTests {
    private let directory = Fixtures.temporaryDirectory()
    private var path: String { directory + "/data/gripfit/history.sqlite" }

    static func subject(_ code: String = "P017", note: String? = "left-handed scissors") throws -> Subject {
        try Subject(
            code: code, sex: .female, birth: .date(try #require(Subject.Birth.Day("1979-03-14"))), dominant: .right,
            heightCentimetres: 168, weightKilograms: 64.5, note: note)
    }

    @Test func aSubjectIsStoredAndReadBackWithEveryFact() throws {
        let store = try SQLiteHistory(path: path)
        let subject = try Self.subject()
        try store.addSubject(subject)
        try store.addSubject(try Subject(code: "A1", birth: .year(1950)))
        #expect(try store.subject(code: "P017") == subject)
        #expect(try store.subjects().map(\.code) == ["A1", "P017"])
        #expect(try store.subject(code: "A1").birth == .year(1950))
    }

    @Test func aTakenCodeIsRefused() throws {
        let store = try SQLiteHistory(path: path)
        try store.addSubject(try Self.subject())
        #expect(throws: StoreError.duplicateSubject("P017")) { try store.addSubject(try Self.subject(note: nil)) }
        #expect(try store.subject(code: "P017").note == "left-handed scissors")
    }

    @Test func anEditReplacesTheFactsOfAKnownSubjectOnly() throws {
        let store = try SQLiteHistory(path: path)
        try store.addSubject(try Self.subject())
        var edited = try Self.subject()
        edited.weightKilograms = 70
        edited.note = nil
        try store.updateSubject(edited)
        #expect(try store.subject(code: "P017") == edited)
        #expect(throws: StoreError.unknownSubject("P018")) { try store.updateSubject(try Self.subject("P018")) }
        #expect(throws: StoreError.unknownSubject("nobody")) { try store.subject(code: "nobody") }
    }

    @Test func aHandEditedSubjectNamesItsProblem() throws {
        let store = try SQLiteHistory(path: path)
        try store.addSubject(try Self.subject())
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
        try store.addSubject(try Self.subject())
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

    @Test func sessionsOfASubjectAreListedApart() throws {
        let store = try SQLiteHistory(path: path)
        try store.addSubject(try Self.subject())
        var theirs = Fixtures.session()
        theirs.tags.subject = "P017"
        try store.save(theirs, sameStart: .skip)
        try store.save(Fixtures.session(start: 1_795_000_100_000), sameStart: .skip)
        let listing = try store.list(subject: "P017")
        #expect(listing.rows.map(\.startedAtMilliseconds) == [1_795_000_000_000])
        #expect(listing.rows.first?.subject == "P017")
        #expect(try store.list(subject: "p017").rows.count == 1)
        #expect(throws: StoreError.unknownSubject("X")) { try store.list(subject: "X") }
    }

    @Test func aSessionOfAnUnknownSubjectIsNotSaved() throws {
        let store = try SQLiteHistory(path: path)
        var session = Fixtures.session()
        session.tags.subject = "ghost"
        #expect(throws: StoreError.refused(path: path, reason: "FOREIGN KEY constraint failed")) {
            try store.save(session, sameStart: .skip)
        }
        #expect(try store.list().rows.isEmpty)
    }

    /// The history's bytes and its write-ahead log's (absent once checkpointed and truncated).
    static func fileAndLog(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path)) + ((try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data())
    }

    /// An erasure request: after `forget`, neither the tables nor the file's bytes (freed pages,
    /// journal) hold the subject's code, note or sessions; other subjects' data stays.
    @Test func forgettingASubjectLeavesNothingOfThemInTheFile() throws {
        let store = try SQLiteHistory(path: path)
        let code = "ZQXJ-forget-me"
        try store.addSubject(try Self.subject(code, note: "secret-note-7f3a"))
        try store.addSubject(try Self.subject("KEEP", note: "stays"))
        var assessment: Int64?
        for (index, peak) in [30.0, 32, 34].enumerated() {
            var session = SQLiteHistoryAssessmentsTests.attempt(peak: peak, start: 1_795_000_000_000 + Int64(index) * 60_000)
            // The third attempt kept its assessment but lost its subject tag (an import): forget still owns it.
            session.tags = SessionTags(
                label: "label-of-\(code)", hand: .right, protocolName: "standard", trial: index + 1, subject: index < 2 ? code : nil,
                assessment: assessment, attempt: 1)
            if assessment != nil {
                try store.save(session, sameStart: .skip)
            } else {
                assessment = try store.saveFirstAttempt(session, of: SQLiteHistoryAssessmentsTests.facts(subject: code)).assessment
            }
        }
        var kept = Fixtures.session(start: 1_796_000_000_000)
        kept.tags.subject = "KEEP"
        try store.save(kept, sameStart: .skip)
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
}
