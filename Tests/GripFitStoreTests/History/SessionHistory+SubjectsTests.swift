import Foundation
import GripFitClinical
import GripFitCore
import GripFitRecords
import StoreTestSupport
import Testing

@testable import GripFitStore

/// Subjects on every backend: stored with every fact, codes unique, edits, their sessions, forgetting them.
struct SessionHistorySubjectsTests {
    static func subject(_ code: String = "P017", note: String? = "left-handed scissors") throws -> Subject {
        try Fixtures.subject(code, note: note)
    }

    /// Files what an erasure request removes: subject `code` with a note, a guided run of theirs whose third attempt
    /// kept its assessment but lost its subject tag (an import), and subject KEEP with a session that stays.
    static func fileSubjectToForget(_ code: String, in store: any SessionHistory) throws {
        try store.addSubject(try Self.subject(code, note: "secret-note-7f3a"))
        try store.addSubject(try Self.subject("KEEP", note: "stays"))
        var assessment: Int64?
        for (index, peak) in [30.0, 32, 34].enumerated() {
            var session = SessionHistoryAssessmentsTests.attempt(peak: peak, start: 1_795_000_000_000 + Int64(index) * 60_000)
            // The third attempt kept its assessment but lost its subject tag (an import): forget still owns it.
            session.tags = SessionTags(
                label: "label-of-\(code)",
                hand: .right,
                protocolName: "standard",
                trial: index + 1,
                subject: index < 2 ? code : nil,
                assessment: assessment,
                attempt: 1
            )
            if assessment != nil {
                _ = try store.save(session, sameStart: .skip)
            } else {
                assessment = try store.saveFirstAttempt(session, of: SessionHistoryAssessmentsTests.facts(subject: code)).assessment
            }
        }
        var kept = Fixtures.session(start: 1_796_000_000_000)
        kept.tags.subject = "KEEP"
        _ = try store.save(kept, sameStart: .skip)
    }

    @Test(arguments: HistoryBackend.allCases)
    func aSubjectIsStoredAndReadBackWithEveryFact(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        let subject = try Self.subject()
        try store.addSubject(subject)
        try store.addSubject(try Subject(code: "A1", birth: .year(1950)))
        #expect(try store.subject(code: "P017") == subject)
        #expect(try store.subjects().map(\.code) == ["A1", "P017"])
        #expect(try store.subject(code: "A1").birth == .year(1950))
    }

    @Test(arguments: HistoryBackend.allCases)
    func aTakenCodeIsRefused(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        try store.addSubject(try Self.subject())
        #expect(throws: StoreError.duplicateSubject("P017")) { try store.addSubject(try Self.subject(note: nil)) }
        #expect(try store.subject(code: "P017").note == "left-handed scissors")
    }

    @Test(arguments: HistoryBackend.allCases)
    func anEditReplacesTheFactsOfAKnownSubjectOnly(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        try store.addSubject(try Self.subject())
        var edited = try Self.subject()
        edited.weightKilograms = 70
        edited.note = nil
        try store.updateSubject(edited)
        #expect(try store.subject(code: "P017") == edited)
        #expect(throws: StoreError.unknownSubject("P018")) { try store.updateSubject(try Self.subject("P018")) }
        #expect(throws: StoreError.unknownSubject("nobody")) { try store.subject(code: "nobody") }
    }

    @Test(arguments: HistoryBackend.allCases)
    func sessionsOfASubjectAreListedApart(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        try store.addSubject(try Self.subject())
        var theirs = Fixtures.session()
        theirs.tags.subject = "P017"
        _ = try store.save(theirs, sameStart: .skip)
        _ = try store.save(Fixtures.session(start: 1_795_000_100_000), sameStart: .skip)
        let listing = try store.list(subject: "P017")
        #expect(listing.rows.map(\.startedAtMilliseconds) == [1_795_000_000_000])
        #expect(listing.rows.first?.subject == "P017")
        #expect(try store.list(subject: "p017").rows.count == 1)
        #expect(throws: StoreError.unknownSubject("X")) { try store.list(subject: "X") }
    }

    @Test(arguments: HistoryBackend.allCases)
    func aSessionOfAnUnknownSubjectIsNotSaved(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        var session = Fixtures.session()
        session.tags.subject = "ghost"
        #expect(throws: StoreError.refused(path: store.location, reason: backend.foreignKeyRefusal)) {
            try store.save(session, sameStart: .skip)
        }
        #expect(try store.list().rows.isEmpty)
    }

    /// An erasure request: `forget` counts and removes the subject, their sessions (the attempt without its subject
    /// tag too) and their assessment; other subjects' data stays. (What the SQLite file's bytes keep is
    /// ``SQLiteHistorySubjectsTests``.)
    @Test(arguments: HistoryBackend.allCases)
    func forgettingASubjectRemovesWhatTheyOwn(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        let code = "ZQXJ-forget-me"
        try Self.fileSubjectToForget(code, in: store)
        #expect(try store.holdings(subject: code) == ForgottenSubject(sessions: 3, assessments: 1))
        #expect(try store.forgetSubject(code: code) == ForgottenSubject(sessions: 3, assessments: 1))
        #expect(try store.subjects().map(\.code) == ["KEEP"])
        #expect(try store.list().rows.map(\.subject) == ["KEEP"])
        #expect(try store.assessments(subject: nil).isEmpty)
        #expect(throws: StoreError.unknownSubject(code)) { try store.forgetSubject(code: code) }
    }
}
