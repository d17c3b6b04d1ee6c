import Foundation
import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitRecords
import PostgresTestSupport
import StoreTestSupport
import Testing

@testable import GripFitPostgres
@testable import GripFitStore

@Suite(.enabled(if: TestPostgres.isUsable, Comment(rawValue: TestPostgres.skipReason)))
struct PostgresHistoryTests {
    private let server: TestPostgres

    init() throws {
        guard let server = try TestPostgres.shared() else { throw TestPostgresError(message: TestPostgres.skipReason) }
        self.server = server
    }

    /// A new database's URL (sslmode prefer: this cluster has no TLS, so this is also the fallback to plain TCP).
    private func database() throws -> String {
        try server.freshDatabase().url
    }

    private func open(_ url: String? = nil, password: String? = nil) throws -> PostgresHistory {
        let location = try PostgresLocation(try url ?? database(), environment: [:])
        return try PostgresHistory(location: location, environment: ["PGPASSWORD": password ?? server.password]) { _ in }
    }

    /// What the store's shared suite (SessionHistoryTests, on both backends) leaves to the server's own checks.
    @Test func aSavedSessionIsListedByIDAndTheHistoryChecksOut() throws {
        let store = try open()
        var session = Fixtures.session()
        session.uid = StableName.random()
        guard case .inserted(let id) = try store.save(session, sameStart: .skip) else {
            Issue.record("not inserted")
            return
        }
        var expected = session
        expected.id = id
        #expect(try store.sessions(afterID: 0, limit: 10) == [expected])
        #expect(try store.allIDs() == [id])
        #expect(try store.integrityProblems().isEmpty)
        try store.checkCanSave()
    }

    @Test func aRepeatIsSkippedAndANewRecordingMovesOn() throws {
        let store = try open()
        guard case .inserted(let first) = try store.save(Fixtures.session(label: "a"), sameStart: .skip) else {
            Issue.record("not inserted")
            return
        }
        #expect(try store.save(Fixtures.session(label: "changed"), sameStart: .skip) == .duplicate(existingID: first))
        guard case .inserted(let second) = try store.save(Fixtures.session(label: "b"), sameStart: .nextFreeMillisecond) else {
            Issue.record("a new recording was skipped")
            return
        }
        let start = Fixtures.session().startedAtMilliseconds
        #expect(try store.session(id: second).startedAtMilliseconds == start + 1)
        #expect(try store.session(id: second).label == "b")
    }

    @Test func pagesNewestFirst() throws {
        let store = try open()
        for offset in 0..<5 { try store.save(Fixtures.session(start: 1_795_000_000_000 + Int64(offset) * 1000), sameStart: .skip) }
        let first = try store.page(SessionQuery(limit: 2))
        #expect(first.more)
        #expect(first.listing.rows.map(\.startedAtMilliseconds) == [1_795_000_004_000, 1_795_000_003_000])
        let second = try store.page(SessionQuery(limit: 2, before: first.listing.rows.last?.id))
        #expect(second.listing.rows.map(\.startedAtMilliseconds) == [1_795_000_002_000, 1_795_000_001_000])
        #expect(throws: StoreError.notFound(id: 999)) { try store.page(SessionQuery(before: 999)) }
    }

    @Test func subjectCodesAreCaseBlind() throws {
        let store = try open()
        try store.addSubject(try Subject(code: "P017", sex: .female, birth: .year(1950)))
        #expect(throws: StoreError.duplicateSubject("p017")) { try store.addSubject(try Subject(code: "p017")) }
        #expect(try store.subject(code: "p017").code == "P017")
        var session = Fixtures.session()
        session.tags.subject = "P017"
        try store.save(session, sameStart: .skip)
        #expect(try store.list(subject: "p017").rows.count == 1)
        #expect(try store.holdings(subject: "p017") == ForgottenSubject(sessions: 1, assessments: 0))
        #expect(try store.forgetSubject(code: "p017") == ForgottenSubject(sessions: 1, assessments: 0))
        #expect(try store.subjects().isEmpty)
        #expect(try store.list().rows.isEmpty)
    }

    @Test func anAssessmentKeepsItsAttempts() throws {
        let store = try open()
        let facts = AssessmentFacts(
            subject: nil,
            device: "ble:C0:FF:EE:00:00:01",
            startedAtMilliseconds: 1_795_000_000_000,
            protocolName: "asht",
            firstHand: .right,
            trialsPerHand: 3,
            restSeconds: 60,
            unit: "kg",
            calibrationDate: nil,
            uid: StableName.random()
        )
        var session = Fixtures.session()
        session.tags.attempt = 1
        session.tags.trial = 1
        let first = try store.saveFirstAttempt(session, of: facts)
        let stored = try store.assessment(id: first.assessment)
        #expect(stored.facts == facts)
        #expect(stored.attempts.count == 1)
        #expect(try store.assessments(subject: nil).map(\.id) == [first.assessment])
    }

    @Test func importingTwiceAddsNothing() throws {
        let store = try open()
        let contents = ExchangeContents(
            sessions: [Fixtures.session(), Fixtures.session(start: 1_795_000_009_000)],
            subjects: [try Subject(code: "S1")],
            assessments: []
        )
        #expect(try store.importContents(contents) == ImportOutcome(added: 2, skipped: 0))
        #expect(try store.importContents(contents) == ImportOutcome(added: 0, skipped: 2))
        let conflicting = ExchangeContents(sessions: [], subjects: [try Subject(code: "S1", sex: .male)], assessments: [])
        #expect(throws: StoreError.self) { try store.importContents(conflicting) }
    }

    /// Stations starting at once against a new database: the advisory lock runs v1 once.
    @Test func stationsStartingAtOnceMigrateOnce() async throws {
        let url = try database()
        let opened = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 { group.addTask { try open(url).integrityProblems().isEmpty } }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(opened == [true, true, true, true])
    }

    /// A dashboard outlives a server restart: while the server is down a call is `.unreachable`
    /// (the station keeps the session itself), and once it is back the next call reconnects.
    @Test func aServerRestartIsSurvived() throws {
        guard let own = try TestPostgres.dedicated() else { throw TestPostgresError(message: TestPostgres.skipReason) }
        let database = try own.freshDatabase()
        let store = try PostgresHistory(
            location: try PostgresLocation(database.url, environment: [:]),
            environment: ["PGPASSWORD": database.password]
        ) { _ in }
        try store.save(Fixtures.session(), sameStart: .skip)
        try own.stop()
        do {
            _ = try store.list()
            Issue.record("a stopped server answered")
        } catch {
            guard case .unreachable = error else {
                Issue.record("not unreachable: \(error)")
                return
            }
        }
        try own.start()
        #expect(try store.list().rows.count == 1)
    }

    @Test func calibrationsAreSharedAndTheLatestWins() throws {
        let url = try database()
        let station = try open(url)
        try station.addCalibration(Fixtures.calibration)
        var later = Fixtures.calibration
        later.countsPerKilogram = 21_000
        try station.addCalibration(later)
        #expect(try open(url).calibrations() == [later])
    }

    /// Two stations' calibration files meet through the server: each device's newer calibration wins on both sides.
    @Test func stationsShareTheirNewerCalibrations() throws {
        let url = try database()
        let folder = NSTemporaryDirectory() + "gripfit-pg-calibrations-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let roomA = CalibrationBook(path: folder + "/a/calibrations.json")
        let roomB = CalibrationBook(path: folder + "/b/calibrations.json")
        var other = Fixtures.calibration
        other.device = "usb:BRIDGE-2"
        try roomA.save(Fixtures.calibration)
        try roomB.save(other)
        #expect(try open(url).share(with: roomA) == (pulled: 0, pushed: 1))
        #expect(try open(url).share(with: roomB) == (pulled: 1, pushed: 1))
        var recalibrated = Fixtures.calibration
        recalibrated.countsPerKilogram = 21_000
        recalibrated.date = "2026-11-23T04:00:00.000Z"
        try roomB.save(recalibrated)
        #expect(try open(url).share(with: roomB) == (pulled: 0, pushed: 1))
        #expect(try open(url).share(with: roomA) == (pulled: 2, pushed: 0))
        #expect(try roomA.calibration(for: Fixtures.calibration.device) == recalibrated)
        #expect(try roomA.calibration(for: "usb:BRIDGE-2") == other)
        #expect(try open(url).share(with: roomA) == (pulled: 0, pushed: 0))
    }

    @Test func aNewerSchemaIsRefusedWithNothingWritten() throws {
        let url = try database()
        let store = try open(url)
        try store.with { statements in
            try statements.execute("INSERT INTO gripfit_schema_migrations (version, name, applied_at) VALUES (99, 'future', now())")
        }
        #expect(
            throws: StoreError.unavailable(
                path: try PostgresLocation(url, environment: [:]).description,
                reason: "the history on the server is at schema version 99; this gripfit-serial knows up to \(PostgresSchema.known). "
                    + "Upgrade gripfit-serial on this station"
            )
        ) { try open(url) }
    }

    @Test func aWrongPasswordNamesTheFix() throws {
        let url = try database()
        do {
            _ = try open(url, password: "wrong")
            Issue.record("a wrong password was accepted")
        } catch {
            #expect("\(error)".contains("password authentication failed for user gripfit; set PGPASSWORD or a ~/.pgpass line"))
        }
    }

    /// This cluster has no TLS: `require` refuses to go on in plain text and says how to fix it.
    @Test func requireRefusesAServerWithoutTLS() throws {
        do {
            _ = try open(try database() + "?sslmode=require")
            Issue.record("sslmode=require connected in plain text")
        } catch {
            #expect("\(error)".contains("the server offers no TLS, which sslmode=require requires"))
        }
    }

    @Test func anUnknownDatabaseSaysCreatedb() throws {
        let url = "postgresql://gripfit@127.0.0.1:\(server.port)/no_such_db"
        do {
            _ = try open(url)
            Issue.record("a missing database was accepted")
        } catch {
            #expect("\(error)".contains("createdb -h 127.0.0.1"))
        }
    }
}
