import GripFitClinical
import GripFitRecords
import GripFitStore
import Testing

/// The audit trail's contract on both backends: entries chain, `verify` holds until a row is
/// deleted, edited or moved behind the history's back, the trail refuses changes itself, and a
/// subject is found by code though only a keyed digest of it is stored.
struct SessionHistoryAuditTests {
    static let alice = AuditActor(name: "alice", role: "os-user", station: "room-1")
    static let bob = AuditActor(name: "bob", role: "os-user", station: "room-2")

    /// Four entries: P017 added, shown by bob, exported with P018, and one about nobody.
    static func filled(_ backend: HistoryBackend) throws -> any SessionHistory {
        let history = try backend.makeHistory()
        try history.appendAudit(AuditEvent(.subjectAdd, subjects: ["P017"]), by: alice, at: 1_000)
        try history.appendAudit(AuditEvent(.show, subjects: ["P017"], assessments: ["a-1234abcd"]), by: bob, at: 2_000)
        try history.appendAudit(AuditEvent(.export, subjects: ["P017", "P018"], detail: "fhir"), by: alice, at: 3_000)
        try history.appendAudit(AuditEvent(.calibrate, detail: "device GF-1"), by: alice, at: 4_000)
        return history
    }

    @Test(arguments: HistoryBackend.allCases)
    func entriesChainAndVerify(backend: HistoryBackend) throws {
        let history = try Self.filled(backend)
        let entries = try history.auditEntries(AuditFilter())
        #expect(entries.map(\.sequence) == [1, 2, 3, 4])
        #expect(entries.map(\.action) == ["subject-add", "show", "export", "calibrate"])
        #expect(entries[1].actor == Self.bob)
        #expect(entries[0].previous == AuditEntry.origin)
        for (before, entry) in zip(entries, entries.dropFirst()) { #expect(entry.previous == before.hash) }
        #expect(try history.verifyAudit() == nil)
        #expect(try backend.reopen(history).verifyAudit() == nil)
    }

    /// The code is never stored; the digest is case-blind as codes are, and finds the subject's entries.
    @Test(arguments: HistoryBackend.allCases)
    func subjectsAreFoundByTheirDigest(backend: HistoryBackend) throws {
        let history = try Self.filled(backend)
        let entries = try history.auditEntries(AuditFilter())
        #expect(!entries.contains { entry in entry.subjects.contains { $0.contains("P017") } })
        #expect(entries[0].subjects == entries[1].subjects)
        #expect(entries[0].subjects.first?.count == 32)
        #expect(try history.auditEntries(AuditFilter(subject: "p017")).map(\.sequence) == [1, 2, 3])
        #expect(try history.auditEntries(AuditFilter(subject: "P018")).map(\.sequence) == [3])
        #expect(try history.auditEntries(AuditFilter(subject: "P999")).isEmpty)
        #expect(try history.auditEntries(AuditFilter(sinceMilliseconds: 2_500, action: "export")).map(\.sequence) == [3])
    }

    /// The engine itself refuses an UPDATE or DELETE of an entry.
    @Test(arguments: HistoryBackend.allCases)
    func theTrailRefusesChanges(backend: HistoryBackend) throws {
        let history = try Self.filled(backend)
        // Through the seam, as any statement of the history's rules would run.
        #expect(throws: (any Error).self) { try backend.tamperKeepingTriggers(history, "DELETE FROM audit WHERE seq = 2") }
        #expect(try history.auditEntries(AuditFilter()).count == 4)
    }

    @Test(arguments: HistoryBackend.allCases)
    func aDeletedEntryBreaksTheChainAtTheNext(backend: HistoryBackend) throws {
        let history = try Self.filled(backend)
        try backend.tamper(history, "DELETE FROM audit WHERE seq = 2")
        let found = try #require(try history.verifyAudit())
        #expect(found.sequence == 3)
        #expect(found.description.contains("entry 2 is missing"))
    }

    @Test(arguments: HistoryBackend.allCases)
    func theNewestEntryDeletedIsFoundByTheHead(backend: HistoryBackend) throws {
        let history = try Self.filled(backend)
        try backend.tamper(history, "DELETE FROM audit WHERE seq = 4")
        #expect(try history.verifyAudit()?.sequence == 4)
    }

    @Test(arguments: HistoryBackend.allCases)
    func anEditedEntryIsNamed(backend: HistoryBackend) throws {
        let history = try Self.filled(backend)
        try backend.tamper(history, "UPDATE audit SET actor = 'mallory' WHERE seq = 2")
        let found = try #require(try history.verifyAudit())
        #expect(found.sequence == 2)
        #expect(found.reason.contains("edited"))
    }

    @Test(arguments: HistoryBackend.allCases)
    func swappedEntriesAreNamed(backend: HistoryBackend) throws {
        let history = try Self.filled(backend)
        try backend.tamper(history, "UPDATE audit SET seq = -seq WHERE seq IN (2, 3)")
        try backend.tamper(history, "UPDATE audit SET seq = 5 + seq WHERE seq IN (-2, -3)")
        #expect(try history.verifyAudit()?.sequence == 2)
    }

    /// Forgetting a subject leaves the trail as it was: it verifies, and the subject's entries are
    /// still found by code, which only the history's key can link to them.
    @Test(arguments: HistoryBackend.allCases)
    func aForgetKeepsTheChain(backend: HistoryBackend) throws {
        let history = try Self.filled(backend)
        try history.addSubject(try Subject(code: "P017"))
        _ = try history.forgetSubject(code: "P017")
        try history.appendAudit(AuditEvent(.subjectForget, subjects: ["P017"]), by: Self.alice, at: 5_000)
        #expect(try history.verifyAudit() == nil)
        #expect(try history.auditEntries(AuditFilter(subject: "P017")).map(\.sequence) == [1, 2, 3, 5])
    }
}
