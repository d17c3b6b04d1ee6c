import Foundation
import GripFitClinical
import GripFitCore
import GripFitDashboard
import GripFitLive
import GripFitRecords
import GripFitStore
import ScratchSupport
import Testing

/// ``DashboardSession``'s live state fed reports by hand (no binary, no server, no port, a fixed
/// wall clock and a monotonic clock the test moves): one calibration stage gives the status its
/// device, force and peak, and a dashboard escapes device text only where it writes its JSON.
struct DashboardSessionTests {
    static let calibration = StoredCalibration(
        device: "usb:A1",
        calibration: Calibration(offset: 0, countsPerKilogram: 20_000),
        date: "2026-11-22T00:00:00Z",
        massKilograms: 10
    )

    /// A session over a history in `directory` (opened at the first request), with the calibration
    /// above; `publisher` gets its events, `posted` the commands for the dongle, `clock` is its now.
    func session(
        publisher: EventPublisher = EventPublisher(),
        directory: String? = nil,
        posted: PostedCommands = PostedCommands(),
        clock: FakeClock = FakeClock(),
        selectedSubject: String? = nil,
        serverAway: Bool = false,
        unit: ForceUnit = .kilograms,
        cue: @escaping @Sendable (Hand, Int) -> Void = { _, _ in }
    ) throws -> DashboardSession {
        let calibration = Self.calibration
        // A history of its own: tests run at once, and a file left by another build's schema would not open.
        let directory = directory ?? Scratch.directory("gripfit-dashboard-session")
        let path = directory + "/history.sqlite"
        // With `serverAway`, a shared server's history that cannot reach it: everything goes to this station's file.
        let opened = OpenedHistory {
            let local = try SQLiteHistory(path: path)
            guard serverAway else { return local }
            return try StationHistory(
                server: "postgresql://gripfit@127.0.0.1:1/gripfit",
                local: local,
                open: { (url) throws(StoreError) in throw StoreError.unreachable(location: url, reason: "connection refused") },
                warn: { _ in }
            )
        }
        let history = HistoryQueries(
            opened: opened,
            calibrations: CalibrationBook(path: directory + "/calibrations.json"),
            historyPath: path,
            unit: unit,
            selectedSubject: selectedSubject,
            today: HistoryQueries.today(wallTime: FixedWallTime(), now: { clock.now }),
            lastResort: { _ in }
        )
        return DashboardSession(
            post: posted.post,
            publisher: publisher,
            unit: unit,
            wallTime: FixedWallTime(),
            now: { clock.now },
            history: history,
            pinned: nil,
            rememberPin: { _ in },
            warn: { _ in },
            stage: LiveCalibration(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in calibration },
            cue: cue
        )
    }

    /// The `guided` objects among a page's events.
    static func guided(_ lines: [String]) -> [[String: Any]] {
        lines.compactMap { line in
            guard let brace = line.firstIndex(of: "{"),
                let object = try? JSONSerialization.jsonObject(with: Data(line[brace...].utf8)) as? [String: Any],
                object["event"] as? String == "guided"
            else { return nil }
            return object
        }
    }

    func status(_ session: DashboardSession) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(session.status().utf8))
        return try #require(object as? [String: Any])
    }

    @Test func readingsCarryTheDevicesForceAndPeak() throws {
        let session = try session()
        let start = MonotonicInstant(nanoseconds: 1_000_000_000)
        let link = LinkFacts(firmware: "1.0", portOpen: true)
        session.consume(.state(.connected), at: start, link: link)
        for (index, raw) in [Int32(40_000), 100_000, 60_000].enumerated() {
            session.consume(.message(.reading(raw)), at: start + .milliseconds(100 * (index + 1)), link: link)
        }
        let status = try status(session)
        #expect(status["device"] as? String == "usb:A1")
        #expect(status["calibrated"] as? Bool == true)
        #expect(status["unit"] as? String == "kg")
        #expect((status["reading"] as? [String: Any])?["force"] as? Double == 3)
        #expect(status["peak"] as? Double == 5)
        session.resetPeak()
        #expect(try self.status(session)["peak"] is NSNull)
    }

    /// A calibrated device's readings go to the page in the chosen unit, with the raw counts; the
    /// status says it is calibrated and with what (issue 32: no binary).
    @Test func aCalibratedDeviceStreamsForceInTheChosenUnit() throws {
        let publisher = EventPublisher()
        let session = try session(publisher: publisher, unit: .pounds)
        let page = try #require(publisher.subscribe())
        let start = MonotonicInstant(nanoseconds: 1_000_000_000)
        let link = LinkFacts(firmware: "1.0", portOpen: true)
        session.consume(.state(.connected), at: start, link: link)
        // 10 kg: 200,000 counts at 20,000 a kilogram.
        session.consume(.message(.reading(200_000)), at: start + .milliseconds(100), link: link)
        let readings = publisher.take(page).compactMap { line -> [String: Any]? in
            guard let brace = line.firstIndex(of: "{") else { return nil }
            let object = try? JSONSerialization.jsonObject(with: Data(line[brace...].utf8)) as? [String: Any]
            return object?["event"] as? String == "reading" ? object : nil
        }
        let reading = try #require(readings.first)
        #expect(reading["unit"] as? String == "lb")
        #expect(reading["raw"] is Int)
        let force = try #require(reading["force"] as? Double)
        #expect(abs(force - 22.05) < 0.3, "10 kg is 22.05 lb")
        let status = try status(session)
        #expect(status["calibrated"] as? Bool == true)
        #expect((status["calibration"] as? [String: Any])?["counts_per_kg"] is Double)
    }

    /// Sessions saved here while the history server was away: counted by the history's requests,
    /// shown by the status (the page's "N sessions waiting to sync").
    @Test func theStatusCountsSessionsWaitingToSync() throws {
        let directory = Scratch.directory("gripfit-dashboard-pending")
        let session = try session(directory: directory)
        #expect(try status(session)["pendingSync"] as? Int == 0)
        let store = try SQLiteHistory(path: directory + "/history.sqlite")
        let samples = (0..<10).map { RawSample(micros: Int64($0) * 12_500, raw: 100) }
        for start in [Int64(1_795_000_000_000), 1_795_000_060_000] {
            _ = try store.savePending(
                StoredSession.analysed(
                    device: "usb:A1",
                    startedAtMilliseconds: start,
                    firmware: "1.0",
                    label: nil,
                    hand: nil,
                    calibration: nil,
                    trace: RawTrace(samples: samples)
                ),
                sameStart: .nextFreeMillisecond
            )
        }
        _ = try session.history.sessions(SessionQuery(limit: 10))
        #expect(try status(session)["pendingSync"] as? Int == 2)
    }

    /// JSON carries device text as sent, as `history --json` does; the page makes it visible.
    @Test func deviceTextIsKeptAsSentInTheStatus() throws {
        let session = try session()
        let start = MonotonicInstant(nanoseconds: 1_000_000_000)
        session.consume(.message(.device(DeviceInfo(name: "GRIP\u{1B}[31m", firmware: "1.0"))), at: start, link: LinkFacts())
        #expect(try status(session)["name"] as? String == "GRIP\u{1B}[31m")
    }

    /// A guided run from the page: each attempt in the history, its cue retained for pages that
    /// open while it is on, and its end sent only to the pages open then.
    @Test func aFinishedRunGoesOnlyToThePagesOpenThen() throws {
        let directory = NSTemporaryDirectory() + "gripfit-dashboard-session-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let publisher = EventPublisher()
        let session = try session(publisher: publisher, directory: directory)
        _ = try session.startProtocol(.standard, firstHand: .left, label: "visit 3", trialsPerHand: 1, restSeconds: 0, subject: nil)
        let early = try #require(publisher.subscribe())
        #expect(publisher.take(early).contains { $0.contains(#""phase":"waiting""#) }, "the cue is retained")
        runTwoSqueezes(session, link: LinkFacts(firmware: "1.0", portOpen: true))
        let seen = publisher.take(early).filter { $0.contains(#""event":"guided""#) }
        #expect(seen.last?.contains(#""phase":"finished""#) == true)
        let late = try #require(publisher.subscribe())
        #expect(!publisher.take(late).contains { $0.contains(#""event":"guided""#) }, "a page opened later starts clean")
        let saved = try SQLiteHistory(path: directory + "/history.sqlite")
        #expect(try saved.list().rows.compactMap { $0.hand?.rawValue }.sorted() == ["left", "right"])
        #expect(try self.status(session)["recording"].flatMap { ($0 as? [String: Any])?["state"] as? String } == "idle")
    }

    /// A label the history would not keep as typed is refused, as `record --label` refuses it, not cut without a word.
    @Test func aLabelThatWouldNotBeKeptIsRefused() throws {
        let session = try session(posted: PostedCommands(), clock: FakeClock())
        for label in [String(repeating: "x", count: 201), "visit\u{1B}[2J", "a\u{202E}b"] {
            #expect(throws: DashboardError.self) { try session.startRecording(hand: nil, label: label, subject: nil) }
            #expect(throws: DashboardError.self) {
                try session.startProtocol(.standard, firstHand: nil, label: label, trialsPerHand: 1, restSeconds: 0, subject: nil)
            }
        }
        _ = try session.startRecording(hand: nil, label: String(repeating: "x", count: 200), subject: nil)
    }

    /// The page's commands go to the dongle through the inbox it is given, and its times come from
    /// the injected clocks: the fixed wall clock at the instant the test set.
    @Test func commandsGoToTheInboxAndTimesComeFromTheInjectedClocks() throws {
        let posted = PostedCommands()
        let clock = FakeClock()
        let session = try session(posted: posted, clock: clock)
        try session.tare()
        try session.scan()
        #expect(posted.all == [.device(.tare), .bridge(.scan)])
        clock.set(MonotonicInstant(nanoseconds: 2_500_000_000))
        let started = try session.startProtocol(.standard, firstHand: .right, label: nil, trialsPerHand: 1, restSeconds: 0, subject: nil)
        let expected = RFC3339.format(milliseconds: FixedWallTime().epochAtZero + 2_500)
        #expect(started.contains(#""time":"\#(expected)""#), "\(started)")
    }

    /// A subject added from the page, picked, and the protocol run for them: every attempt filed
    /// under the subject and one assessment, which the status names for the page's report link;
    /// a subject not in the history is refused before anything starts.
    @Test func aRunForASubjectIsFiledUnderTheirAssessment() throws {
        let directory = NSTemporaryDirectory() + "gripfit-dashboard-session-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try session(directory: directory)
        let added = try session.history.addSubject(SubjectForm(code: "P017", sex: "female", birthYear: 1979, dominant: "right"))
        #expect(added == #"{"code":"P017","sex":"female","birth":"1979","dominant":"right"}"#)
        #expect(try session.history.subjects().contains(#""code":"P017""#))
        #expect(throws: DashboardError(.conflict, "Subject P017 exists already: pick it in the Subject list, or give another code.")) {
            try session.history.addSubject(SubjectForm(code: "P017"))
        }
        let unknown = try #require(throws: DashboardError.self) {
            try session.startProtocol(.standard, firstHand: .left, label: nil, trialsPerHand: 1, restSeconds: 0, subject: "P018")
        }
        #expect(unknown.status == .notFound)

        _ = try session.startProtocol(.standard, firstHand: .left, label: nil, trialsPerHand: 1, restSeconds: 0, subject: "P017")
        // The firmware version is the device's own text: the report must show it, not run it.
        runTwoSqueezes(session, link: LinkFacts(firmware: "<b>1.0</b>", portOpen: true))
        let store = try SQLiteHistory(path: directory + "/history.sqlite")
        let assessments = try store.assessments(subject: "P017")
        #expect(assessments.count == 1)
        let assessment = try #require(assessments.first?.id)
        let saved = try store.list(subject: "P017").rows
        #expect(saved.count == 2)
        #expect(try saved.allSatisfy { try store.session(id: $0.id).tags.assessment == assessment })
        let recording = try #require(try status(session)["recording"] as? [String: Any])
        #expect(recording["assessment"] as? Int == Int(assessment))
        #expect(try session.history.sessions(SessionQuery(subject: "P017")).contains(#""more":false"#))

        let figures = try JSONSerialization.jsonObject(with: Data(try session.history.assessment(id: assessment).utf8)) as? [String: Any]
        #expect(figures?["subject"] as? String == "P017")
        // The report is linked by the assessment's name, which a push to the server does not change.
        let name = try #require(figures?["name"] as? String)
        #expect(name == (try store.assessment(id: assessment).stableName))
        #expect(figures?["report"] as? String == "api/assessments/\(name)/report.html")
        #expect(try session.history.id(named: name) == assessment)
        #expect((figures?["lines"] as? [[String: Any]])?.isEmpty == false)
        let report = try session.history.report(assessment: assessment)
        #expect(report.hasPrefix("<!doctype html>") || report.hasPrefix("<!DOCTYPE html>"), "\(report.prefix(40))")
        #expect(report.contains("P017"))
        #expect(report.contains("&lt;b&gt;1.0&lt;/b&gt;") && !report.contains("<b>1.0"), "the device's text escaped once, for HTML")
        #expect(throws: DashboardError.self) { try session.history.report(assessment: assessment + 1) }
    }

    /// Codes are case-blind: what the page says and files is the code as the history spells it
    /// (P020), never as typed (p020): `dashboard --subject p020` picks P020, a second "p020" is
    /// refused naming P020, and a run started for "p020" is filed under P020.
    @Test func aCodeTypedInAnotherCaseIsSaidAndFiledAsTheHistorySpellsIt() throws {
        let directory = NSTemporaryDirectory() + "gripfit-dashboard-session-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try session(directory: directory, selectedSubject: "p020")
        _ = try session.history.addSubject(SubjectForm(code: "P020", sex: "male", birthYear: 1950, dominant: "left"))
        let subjects = try session.history.subjects()
        #expect(subjects.contains(#""selected":"P020""#), "\(subjects)")
        #expect(throws: DashboardError(.conflict, "Subject P020 exists already: pick it in the Subject list, or give another code.")) {
            try session.history.addSubject(SubjectForm(code: "p020"))
        }
        _ = try session.startProtocol(.standard, firstHand: .left, label: nil, trialsPerHand: 1, restSeconds: 0, subject: "p020")
        runTwoSqueezes(session, link: LinkFacts(firmware: "1.0", portOpen: true))
        let store = try SQLiteHistory(path: directory + "/history.sqlite")
        let assessment = try #require(try store.assessments(subject: nil).first)
        #expect(assessment.facts.subject == "P020")
        #expect(try store.list().rows.allSatisfy { try store.session(id: $0.id).tags.subject == "P020" })
    }

    /// `dashboard --subject p017`'s page: the subject picked as the history spells it, its
    /// assessments (none yet) listed, a subject added from the page in the history (`subject list`'s
    /// too), and a birth date that is not a day refused with the reason (issue 32: no binary; the
    /// refusals before serving are ``DashboardTests``' in GripFitCLITests).
    @Test func theSubjectIsPreselectedAndOneAddedFromThePageIsInTheHistory() throws {
        let directory = Scratch.directory("gripfit-dashboard-subject")
        let session = try session(directory: directory, selectedSubject: "p017")
        _ = try session.history.addSubject(SubjectForm(code: "P017", birthYear: 1950))
        let subjects = try JSONSerialization.jsonObject(with: Data(try session.history.subjects().utf8)) as? [String: Any]
        #expect(subjects?["selected"] as? String == "P017")
        let assessments = try session.history.assessments(subject: "P017")
        #expect(assessments.contains(#""assessments":[]"#), "\(assessments)")
        _ = try session.history.addSubject(SubjectForm(code: "K-2", sex: "male", birthYear: 1960))
        do {
            _ = try session.history.addSubject(SubjectForm(code: "K-3", birthDate: "1960-02-30"))
            Issue.record("a birth date of 30 February was taken")
        } catch {
            #expect(error.status == .badRequest)
            #expect(error.message.contains("is not a day of the calendar"), "\(error.message)")
        }
        let store = try SQLiteHistory(path: directory + "/history.sqlite")
        #expect(try store.subjects().map(\.code).contains("K-2"))
    }

    /// The page's Stop during the rest (issue 32: no binary): the countdown goes on by the session's
    /// own deadlines, once a second; the status says rest; Stop ends the run as stopped with the
    /// finished attempts saved, nothing is left to stop, and the session is free for a recording again.
    @Test func stoppingTheProtocolDuringTheRestSavesTheFinishedAttempts() throws {
        let directory = Scratch.directory("gripfit-dashboard-rest")
        let publisher = EventPublisher()
        let clock = FakeClock()
        let session = try session(publisher: publisher, directory: directory, clock: clock)
        let page = try #require(publisher.subscribe())
        _ = try session.startProtocol(.standard, firstHand: nil, label: nil, trialsPerHand: nil, restSeconds: 30, subject: nil)
        let link = LinkFacts(firmware: "1.0", portOpen: true)
        let squeeze: [Int32] = [20_000, 100_000, 200_000, 300_000, 320_000, 310_000, 200_000, 100_000, 20_000, 1_000, 0]
        var now = MonotonicInstant(nanoseconds: 1_000_000_000)
        session.consume(.state(.connected), at: now, link: link)
        var events: [[String: Any]] = []
        // A still handle, a squeeze, then still readings (the simulator streams on) until the rest
        // has counted down to 28 or a minute of readings passed.
        let readings = [Int32](repeating: 0, count: 12) + squeeze + [Int32](repeating: 0, count: 600)
        for raw in readings where !events.contains(where: { ($0["remaining"] as? Int ?? 30) < 29 }) {
            now = now + .milliseconds(100)
            while let due = session.nextDeadline, due <= now { session.tick(at: due) }
            session.consume(.message(.reading(raw)), at: now, link: link)
            events += Self.guided(publisher.take(page))
        }
        let rest = events.compactMap { $0["remaining"] as? Int }
        #expect(rest.contains(30) && rest.contains(28), "\(rest)")
        let status = try status(session)
        let recording = status["recording"] as? [String: Any]
        let phase = (recording?["guided"] as? [String: Any])?["phase"] as? String
        #expect(phase == "rest", "\(status)")
        clock.set(now)
        let stopped = try #require(try JSONSerialization.jsonObject(with: Data(try session.stopRecording().utf8)) as? [String: Any])
        #expect(stopped["phase"] as? String == "finished" && stopped["stopped"] as? Bool == true)
        let attempts = try #require(stopped["attempts"] as? [[String: Any]])
        #expect(!attempts.isEmpty)
        let store = try SQLiteHistory(path: directory + "/history.sqlite")
        let rows = try store.list().rows
        #expect(rows.count == attempts.count)
        #expect(rows.allSatisfy { $0.tags.protocolName == "standard" && $0.tags.hand == .right }, "\(rows.map(\.tags))")
        do {
            _ = try session.stopRecording()
            Issue.record("a second stop found something to stop")
        } catch {
            #expect(error.status == .conflict, "nothing left to stop")
        }
        _ = try session.startRecording(hand: .left, label: nil, subject: nil)
    }

    /// A loaded handle is never cued from the page either (issue 32: no binary): the settle phase
    /// says what it waits on, and the force it reads.
    @Test func aLoadedHandleIsNotCuedAndTheSettlePhaseSaysWhy() throws {
        let publisher = EventPublisher()
        let session = try session(publisher: publisher)
        let page = try #require(publisher.subscribe())
        _ = try session.startProtocol(.standard, firstHand: nil, label: nil, trialsPerHand: 1, restSeconds: 0, subject: nil)
        let link = LinkFacts(firmware: "1.0", portOpen: true)
        var now = MonotonicInstant(nanoseconds: 1_000_000_000)
        session.consume(.state(.connected), at: now, link: link)
        var events: [[String: Any]] = []
        // 20 kg on the handle (20,000 counts a kilogram), for up to a minute of readings.
        for _ in 0..<600 where !events.contains(where: { $0["holdup"] is [String: Any] }) {
            now = now + .milliseconds(100)
            while let due = session.nextDeadline, due <= now { session.tick(at: due) }
            session.consume(.message(.reading(400_000)), at: now, link: link)
            events += Self.guided(publisher.take(page))
        }
        let holdup = try #require(events.last?["holdup"] as? [String: Any], "\(events)")
        #expect(holdup["reason"] as? String == "loaded")
        #expect(abs((holdup["force"] as? Double ?? 0) - 20) < 1, "\(holdup)")
        #expect(!events.contains { $0["phase"] as? String == "squeeze" }, "cued on a loaded handle")
    }

    /// The page's clinical history: a subject's assessments with the best grip per hand, the centile,
    /// each hand's trial consistency and the report's address, only that subject's; the result's
    /// dominant/non-dominant ratio, as the CLI prints it; and every line worded for a browser (no
    /// CLI option as advice; a run for no subject says so rather than ask to edit a subject).
    @Test func thePagesClinicalHistoryAndResultAreWordedForABrowser() throws {
        let directory = NSTemporaryDirectory() + "gripfit-dashboard-session-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try session(directory: directory)
        _ = try session.history.addSubject(SubjectForm(code: "P017", sex: "female", birthYear: 1979, dominant: "right"))
        _ = try session.history.addSubject(SubjectForm(code: "P021"))
        for (index, subject) in ["P017", nil, "P021"].enumerated() {
            _ = try session.startProtocol(.standard, firstHand: .left, label: nil, trialsPerHand: 1, restSeconds: 0, subject: subject)
            runTwoSqueezes(session, link: LinkFacts(firmware: "1.0", portOpen: true), second: 1 + Int64(index) * 100)
        }
        func object(_ text: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        let listed = try object(try session.history.assessments(subject: "P017"))
        let rows = try #require(listed["assessments"] as? [[String: Any]])
        #expect(rows.count == 1 && listed["total"] as? Int == 1)
        let row = try #require(rows.first)
        #expect(row["name"] as? String == "A1" && row["subject"] as? String == "P017" && row["unit"] as? String == "kg")
        // By the assessment's name, which a push to the server does not change.
        let stored = try #require(try SQLiteHistory(path: directory + "/history.sqlite").assessment(id: 1).stableName)
        #expect(row["report"] as? String == "api/assessments/\(stored)/report.html")
        let right = try #require(row["right"] as? [String: Any])
        #expect(abs((right["best"] as? Double ?? 0) - 16) < 0.01 && right["counted"] as? Int == 1, "\(right)")
        #expect((row["centile"] as? String)?.contains("centile") == true, "\(row)")
        #expect((row["consistency"] as? [[String: Any]])?.count == 2, "\(row)")
        let everyone = try #require(try object(try session.history.assessments(subject: nil))["assessments"] as? [[String: Any]])
        #expect(everyone.map { $0["name"] as? String } == ["A3", "A2", "A1"], "newest first")
        #expect(
            everyone.map { $0["centile"] as? String }.dropLast() == ["no norm: sex not recorded; age not known", "no norm: no subject"]
        )
        #expect(throws: DashboardError.self) { try session.history.assessments(subject: "P099") }

        let result = try object(try session.history.assessment(id: 1))
        #expect(abs((result["dominance_ratio"] as? Double ?? 0) - 1) < 0.01 && result["dominant"] as? String == "right", "\(result)")
        for id: Int64 in [1, 2, 3] {
            let lines = try #require(try object(try session.history.assessment(id: id))["lines"] as? [[String: Any]])
                .compactMap { $0["text"] as? String }
            for line in lines {
                #expect(!line.contains("(subject edit") && !line.contains("--birth-year"), "A\(id): \(line)")
            }
            if id == 2 {
                #expect(lines.contains { $0.contains("the run was for no subject (pick the subject") }, "\(lines)")
                #expect(!lines.joined().contains("sex is not recorded"), "\(lines)")
            }
            if id == 3 {
                #expect(lines.contains { $0.contains("in a terminal, “gripfit-serial subject edit P021 --sex female”") }, "\(lines)")
            }
        }
    }

    /// A run from the page while the history server is away: filed on this station, and its figures
    /// (the norm, EWGSOP2 and consistency lines) shown as when the server is up; the report, which
    /// needs the subject's other assessments, waits for the server.
    @Test func aRunWhileTheServerIsAwayShowsItsFigures() throws {
        let directory = Scratch.directory("gripfit-dashboard-away")
        let local = try SQLiteHistory(path: directory + "/history.sqlite")
        try local.addSubject(try Subject(code: "P017", sex: .female, birth: .year(1979)))
        let session = try session(directory: directory, serverAway: true)
        _ = try session.startProtocol(.standard, firstHand: .left, label: nil, trialsPerHand: 1, restSeconds: 0, subject: "P017")
        runTwoSqueezes(session, link: LinkFacts(firmware: "1.0", portOpen: true))
        let assessment = try #require(try local.assessments(subject: "P017").first)
        #expect(try local.pendingCount() == 2)
        let figures = try JSONSerialization.jsonObject(with: Data(try session.history.assessment(id: assessment.id).utf8)) as? [String: Any]
        let lines = (figures?["lines"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
        #expect(lines.contains { $0.hasPrefix("norm: ") } && lines.contains { $0.hasPrefix("trial consistency") }, "\(lines)")
        #expect(figures?["name"] as? String == assessment.stableName)
    }

    /// Two squeezes of a one-trial-per-hand protocol, each from a still handle, 100 ms a reading,
    /// the deadlines ticked as they fall due; then a second's tick to finish the run. `second`: when
    /// it begins, so runs one after another go forward in time.
    private func runTwoSqueezes(_ session: DashboardSession, link: LinkFacts, second: Int64 = 1) {
        let still = [Int32](repeating: 0, count: 12)
        let squeeze: [Int32] = [20_000, 100_000, 200_000, 300_000, 320_000, 310_000, 200_000, 100_000, 20_000, 1_000, 0]
        var now = MonotonicInstant(nanoseconds: second * 1_000_000_000)
        session.consume(.state(.connected), at: now, link: link)
        for raw in still + squeeze + still + squeeze + still {
            now = now + .milliseconds(100)
            while let due = session.nextDeadline, due <= now { session.tick(at: due) }
            session.consume(.message(.reading(raw)), at: now, link: link)
        }
        session.tick(at: now + .seconds(1))
    }
}
