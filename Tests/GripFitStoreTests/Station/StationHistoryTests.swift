import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitRecords
import StoreTestSupport
import Synchronization
import Testing

@testable import GripFitStore

/// The server first, this station's file when the server is away, and nothing lost or filed twice.
struct StationHistoryTests {
    private let directory = Fixtures.temporaryDirectory()
    private let server: ServerStandIn
    private let local: SQLiteHistory
    private let warnings = Warnings()

    /// What the station said on stderr.
    private final class Warnings: Sendable {
        let lines = Mutex<[String]>([])
    }

    init() throws {
        server = try ServerStandIn(path: directory + "/server.sqlite")
        local = try SQLiteHistory(path: directory + "/station.sqlite")
    }

    private func station() throws -> StationHistory {
        let warnings = self.warnings
        return try StationHistory(
            server: server.location,
            local: local,
            open: server.open,
            warn: { text in warnings.lines.withLock { $0.append(text) } }
        )
    }

    private var warned: [String] { warnings.lines.withLock { $0 } }

    /// Issue 33: every station of one server names the same clinic, the server's, and keeps it for
    /// when the server is away; a station that never reached it has its file's own.
    @Test func aStationTakesTheServersSiteIdentityAndKeepsIt() throws {
        let site = try server.backing.siteIdentity()
        #expect(try local.siteIdentity() != site)
        let station = try station()
        #expect(try station.siteIdentity() == site)
        #expect(try local.siteIdentity() == site)
        server.set(down: true)
        #expect(try station.siteIdentity() == site)
        #expect(try StationHistory(server: server.location, local: local, open: server.open, warn: { _ in }).siteIdentity() == site)
    }

    @Test func savesOnTheServerWhileItAnswers() throws {
        let station = try station()
        #expect(try station.save(Fixtures.session(), sameStart: .nextFreeMillisecond) == .inserted(id: 1))
        #expect(try server.backing.list().rows.count == 1)
        #expect(try local.list().rows.isEmpty)
        #expect(try station.pendingCount() == 0)
        #expect(warned.isEmpty)
    }

    @Test func aServerDownAtOpenSavesHerePendingAndSaysSo() throws {
        server.set(down: true)
        let station = try station()
        try station.checkIntegrity()
        try station.checkCanSave()
        #expect(try station.save(Fixtures.session(), sameStart: .nextFreeMillisecond) == .inserted(id: 1))
        #expect(try local.pendingIDs() == [1])
        let warning = try #require(warned.first)
        // By its name, the same once pushed: the station file's number is another session's on the server.
        let name = try #require(try local.session(id: 1).name)
        #expect(warning.contains("saved session \(name) on this station"))
        #expect(warning.contains("it is pending; `gripfit-serial history sync` pushes it"))
    }

    @Test func readingWhileTheServerIsAwayFailsNamingThisStationsFile() throws {
        server.set(down: true)
        let station = try station()
        #expect {
            _ = try station.list()
        } throws: { error in
            guard case .unreachable(_, let reason) = error as? StoreError else { return false }
            return reason.contains("--history sqlite:\(local.path)")
        }
    }

    /// A guided run's later attempts must land beside their assessment, so a process that found the
    /// server away stays on this station even when the server answers again.
    @Test func onceAwayTheProcessStaysHere() throws {
        let station = try station()
        _ = try station.save(Fixtures.session(start: 1_795_000_000_000), sameStart: .nextFreeMillisecond)
        server.set(down: true)
        _ = try station.save(Fixtures.session(start: 1_795_000_010_000), sameStart: .nextFreeMillisecond)
        server.set(down: false)
        _ = try station.save(Fixtures.session(start: 1_795_000_020_000), sameStart: .nextFreeMillisecond)
        #expect(try server.backing.list().rows.count == 1)
        #expect(try local.pendingIDs().count == 2)
    }

    @Test func theNextProcessThatReachesTheServerPushesWhatIsPendingOnce() throws {
        server.set(down: true)
        let away = try station()
        let recorded = Fixtures.session()
        _ = try away.save(recorded, sameStart: .nextFreeMillisecond)
        server.set(down: false)
        _ = try station()
        #expect(warned.last?.contains("pushed 1 session (0 already on the server); 0 pending") == true)
        let pushed = try server.backing.session(id: 1)
        #expect(pushed.trace == recorded.trace)
        #expect(pushed.startedAtMilliseconds == recorded.startedAtMilliseconds)
        let before = warned.count
        #expect(try station().sync() == ImportOutcome(added: 0, skipped: 0))
        #expect(warned.count == before)
        #expect(try server.backing.list().rows.count == 1)
    }

    /// Killed after the server committed a batch but before its marks were cleared: the next sync
    /// finds the sessions there, skips and counts them, and clears the marks.
    @Test func aSyncKilledBeforeClearingPushesNothingTwice() throws {
        _ = try local.savePending(Fixtures.session(), sameStart: .nextFreeMillisecond)
        _ = try server.backing.importContents(HistoryTransfer.contents(of: [local.session(id: 1)], from: local))
        server.set(down: true)
        let station = try station()
        server.set(down: false)
        #expect(throws: StoreError.self) { try station.sync() }
        let again = try self.station()
        #expect(warned.last?.contains("pushed 0 sessions (1 already on the server); 0 pending") == true)
        #expect(try again.sync() == ImportOutcome(added: 0, skipped: 0))
        #expect(try server.backing.list().rows.count == 1)
    }

    /// A subject the station used is copied here, so a guided run for them is saved while the
    /// server is away; the push files the subject and the assessment under the server's own id.
    @Test func anAssessmentRecordedAwayIsPushedWithItsSubjectUnderTheServersID() throws {
        let subject = try Subject(code: "P1", birth: .year(1950))
        try server.backing.addSubject(subject)
        _ = try server.backing.saveFirstAttempt(
            SessionHistoryAssessmentsTests.firstAttempt(start: 1_700_000_000_000),
            of: SessionHistoryAssessmentsTests.facts(subject: "P1", start: 1_700_000_000_000)
        )
        let station = try station()
        #expect(try station.subject(code: "P1") == subject)
        server.set(down: true)
        #expect(try station.subject(code: "P1") == subject)
        var attempt = SessionHistoryAssessmentsTests.firstAttempt()
        attempt.tags.subject = "P1"
        let first = try station.saveFirstAttempt(attempt, of: SessionHistoryAssessmentsTests.facts(subject: "P1"))
        var later = SessionHistoryAssessmentsTests.attempt(peak: 32, start: 1_795_000_010_000)
        later.tags = SessionTags(
            label: nil,
            hand: .left,
            protocolName: "standard",
            trial: 1,
            subject: "P1",
            assessment: first.assessment,
            attempt: 1
        )
        _ = try station.save(later, sameStart: .nextFreeMillisecond)
        #expect(try local.pendingIDs().count == 2)
        server.set(down: false)
        #expect(try self.station().pendingCount() == 0, "\(warned)")
        let assessments = try server.backing.assessments(subject: "P1")
        #expect(assessments.count == 2)
        let pushed = try #require(assessments.first { $0.facts.startedAtMilliseconds == 1_795_000_000_000 })
        #expect(first.assessment == 1)
        #expect(pushed.id == 2, "the server numbers it after its own")
        #expect(pushed.attempts.count == 2)
    }

    /// A guided run whose first attempt reached the server and whose next found it away: the
    /// attempt joins the station's copy of the assessment, and the push files it under the server's.
    @Test func aRunInterruptedByTheServerKeepsItsAttemptsTogether() throws {
        let subject = try Subject(code: "P1", birth: .year(1950))
        try server.backing.addSubject(subject)
        let station = try station()
        _ = try station.subject(code: "P1")
        var attempt = SessionHistoryAssessmentsTests.firstAttempt()
        attempt.tags.subject = "P1"
        let first = try station.saveFirstAttempt(attempt, of: SessionHistoryAssessmentsTests.facts(subject: "P1"))
        server.set(down: true)
        var later = SessionHistoryAssessmentsTests.attempt(peak: 32, start: 1_795_000_010_000)
        later.tags = SessionTags(
            label: nil,
            hand: .left,
            protocolName: "standard",
            trial: 1,
            subject: "P1",
            assessment: first.assessment,
            attempt: 1
        )
        // The copy here holds the attempt saved on the server (1, not pending) beside the later one.
        #expect(try station.save(later, sameStart: .nextFreeMillisecond) == .inserted(id: 2))
        let copy = try #require(try local.assessments(subject: "P1").first)
        #expect(try local.session(id: 2).tags.assessment == copy.id)
        #expect(try local.pendingIDs() == [2])
        // Read whole while the server is away, under the server's id: the run ends with its clinical lines.
        #expect(try station.assessment(id: first.assessment).attempts.map(\.peak) == copy.attempts.map(\.peak))
        #expect(copy.attempts.count == 2)
        server.set(down: false)
        #expect(try self.station().pendingCount() == 0, "\(warned)")
        let assessments = try server.backing.assessments(subject: "P1")
        #expect(assessments.map(\.id) == [first.assessment])
        #expect(assessments.first?.attempts.count == 2)
    }

    /// A run filed on the server, then one filed here once it went away, both numbered 1: the
    /// second run's attempts stay with their own assessment.
    @Test func aRunStartedAwayKeepsItsOwnAssessment() throws {
        try server.backing.addSubject(try Subject(code: "P1", birth: .year(1950)))
        let station = try station()
        _ = try station.subject(code: "P1")
        var attempt = SessionHistoryAssessmentsTests.firstAttempt(start: 1_790_000_000_000)
        attempt.tags.subject = "P1"
        let online = try station.saveFirstAttempt(
            attempt,
            of: SessionHistoryAssessmentsTests.facts(subject: "P1", start: 1_790_000_000_000)
        )
        server.set(down: true)
        attempt = SessionHistoryAssessmentsTests.firstAttempt()
        attempt.tags.subject = "P1"
        let away = try station.saveFirstAttempt(attempt, of: SessionHistoryAssessmentsTests.facts(subject: "P1"))
        #expect(online.assessment == away.assessment)
        var later = SessionHistoryAssessmentsTests.attempt(peak: 32, start: 1_795_000_010_000)
        later.tags = SessionTags(
            label: nil,
            hand: .left,
            protocolName: "standard",
            trial: 1,
            subject: "P1",
            assessment: away.assessment,
            attempt: 1
        )
        _ = try station.save(later, sameStart: .nextFreeMillisecond)
        #expect(try local.assessments(subject: "P1").map(\.attempts.count) == [2])
    }

    @Test func aSubjectNeverUsedHereIsNotKnownWhileTheServerIsAway() throws {
        try server.backing.addSubject(try Subject(code: "P2"))
        server.set(down: true)
        let station = try station()
        #expect(throws: StoreError.self) { try station.subject(code: "P2") }
    }
}
