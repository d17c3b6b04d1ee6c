import GripFitCore
import Testing

@testable import GripFitConformance

/// A whole run against a scripted session under a fake clock: reports in, commands answered the
/// way a conforming (or a broken) GripFit behind a bridge would.
struct FakeSession {
    var run: ConformanceRun
    var now = MonotonicInstant.zero
    var interval = 100
    var streamsAtAskedRate = true
    var answersPing = true
    var linkComesBack = true
    var nextReading = MonotonicInstant.zero
    var reconnectAt: MonotonicInstant?
    var connected = false
    var pending: [(at: MonotonicInstant, report: LinkReport)] = []
    /// When the host is not scheduled (a busy machine): nothing is read, and what the device sent
    /// meanwhile is read all at once as the stall ends.
    var hostStalls: [Range<MonotonicInstant>] = []
    var held: [LinkReport] = []

    init(cases: [ConformanceCase] = ConformanceCase.allCases, settings: ConformanceSettings = ConformanceSettings()) {
        run = ConformanceRun(cases: cases, settings: settings)
    }

    mutating func deliver(_ report: LinkReport) {
        let commands = run.handle(report, at: now)
        for command in commands { answer(command) }
    }

    mutating func answer(_ command: Command) {
        let reply: [LinkReport]
        switch command {
        case .device(.ping) where !answersPing:
            // The session gives up on it after its reply timeout, without a repeat (as `check` sets it).
            pending.append((now + LinkTimings().replyTimeout(for: command), .commandFinished(command, .failed(.timedOut(attempts: 1)))))
            return
        case .device(.ping): reply = [.message(.status(.pong)), .commandFinished(command, .succeeded(reply: .status(.pong)))]
        case .device(.tare): reply = [.message(.status(.tared)), .commandFinished(command, .succeeded(reply: .status(.tared)))]
        case .device(.info):
            let info = Message.device(DeviceInfo(name: "GRIPFIT", firmware: "1.0"))
            reply = [.message(info), .commandFinished(command, .succeeded(reply: info))]
        case .device(.rate(let rate)):
            if streamsAtAskedRate { interval = rate.milliseconds }
            let status = Message.status(.rate(rate.milliseconds))
            reply = [.message(status), .commandFinished(command, .succeeded(reply: status))]
        case .bridge(.disconnect):
            connected = false
            reconnectAt = linkComesBack ? now + .milliseconds(1800) : nil
            reply = [.commandFinished(command, .succeeded(reply: nil)), .state(.disconnected)]
        case .bridge:
            reply = []
        }
        for report in reply { pending.append((now + .milliseconds(2), report)) }
    }

    mutating func connect() {
        connected = true
        deliver(.message(.bridge(.connected(BLEAddress("C0:FF:EE:00:00:01")!))))
        deliver(.state(.connected))
        deliver(.message(.device(DeviceInfo(name: "GRIPFIT", firmware: "1.0"))))
        deliver(.message(.status(.ready)))
        nextReading = now + .milliseconds(interval)
    }

    /// Runs in 10 ms steps until the run finishes or `limit` passes.
    mutating func runToEnd(limit: Duration = .seconds(120)) -> [CaseResult] {
        run.begin(at: now)
        deliver(.message(.bridge(.hello(version: "1.0.0-sim"))))
        connect()
        let end = now + limit
        while !run.isFinished, now < end {
            now = now + .milliseconds(10)
            let stalled = hostStalls.contains { $0.contains(now) }
            if !stalled {
                for report in held { deliver(report) }
                held = []
                while let due = pending.firstIndex(where: { $0.at <= now }) {
                    deliver(pending.remove(at: due).report)
                }
            }
            if let reconnectAt, reconnectAt <= now {
                self.reconnectAt = nil
                connect()
            }
            if connected, nextReading <= now {
                nextReading = nextReading + .milliseconds(interval)
                let reading = LinkReport.message(.reading(Int32(now.nanoseconds / 1_000_000 % 7) - 3))
                if stalled { held.append(reading) } else { deliver(reading) }
            }
            if !stalled {
                for command in run.tick(at: now) { answer(command) }
            }
        }
        return run.results
    }
}

struct ConformanceRunTests {
    static func failed(_ results: [CaseResult]) -> [ConformanceCase] {
        results.filter(\.verdict.isFailure).map(\.kind)
    }

    @Test func aConformingDevicePassesEveryCaseInOrder() {
        var session = FakeSession()
        let results = session.runToEnd()
        #expect(results.map(\.kind) == ConformanceCase.allCases)
        #expect(Self.failed(results).isEmpty, "\(results)")
        #expect(session.run.observations.firmware == "1.0")
        #expect(session.run.observations.bridgeVersion == "1.0.0-sim")
        let rate = results.first { $0.kind == .defaultRate }
        #expect(rate?.figures.contains(Figure("mean_interval", 100, unit: "ms")) == true)
    }

    @Test func aDeviceThatIgnoresRateFailsOnlySetRate() {
        var session = FakeSession()
        session.streamsAtAskedRate = false
        #expect(Self.failed(session.runToEnd()) == [.setRate])
    }

    static func seconds(_ from: Double, _ until: Double) -> Range<MonotonicInstant> {
        MonotonicInstant(nanoseconds: Int64(from * 1e9))..<MonotonicInstant(nanoseconds: Int64(until * 1e9))
    }

    /// A busy host read the first second of the window in one burst: measured from there, the
    /// mean interval is 82 ms for a 100 ms stream. The window is measured again and passes.
    @Test func aHostThatStallsAtTheWindowsStartMeasuresTheDefaultRateAgain() throws {
        var session = FakeSession(cases: [.defaultRate])
        session.hostStalls = [Self.seconds(0.05, 1)]
        let result = try #require(session.runToEnd().first)
        #expect(result.verdict == .passed, "\(result)")
        #expect(result.figures.contains(Figure("windows", 2)))
        #expect(result.figures.contains(Figure("mean_interval", 100, unit: "ms")))
    }

    /// The whole 50 ms window read at once at its end ("readings came every 0.01 ms" beside
    /// stress-ng): measured again, it passes; a device that ignores the rate still fails.
    @Test func aHostThatReadsTheWholeRateWindowAtOnceMeasuresItAgain() throws {
        var session = FakeSession(cases: [.setRate])
        session.hostStalls = [Self.seconds(0.2, 2.2)]
        let result = try #require(session.runToEnd().first)
        #expect(result.verdict == .passed, "\(result)")
        #expect(result.figures.contains(Figure("rate_50_windows", 2)))
        #expect(result.figures.contains(Figure("rate_20_windows", 1)))

        var ignoring = FakeSession(cases: [.setRate])
        ignoring.streamsAtAskedRate = false
        ignoring.hostStalls = [Self.seconds(0.2, 2.2)]
        #expect(ignoring.runToEnd().first?.verdict.isFailure == true)
    }

    /// Every window's edges unseen: after three windows the rate is judged on the last one.
    @Test func aHostThatNeverSeesTheEdgesIsJudgedAfterThreeWindows() throws {
        var session = FakeSession(cases: [.defaultRate])
        session.hostStalls = stride(from: 0.05, to: 30, by: 1).map { Self.seconds($0, $0 + 0.9) }
        let result = try #require(session.runToEnd().first)
        #expect(result.figures.contains(Figure("windows", 3)), "\(result)")
    }

    @Test func unansweredPingsFailOnlyPingAfterTheirDeadlines() {
        var settings = ConformanceSettings()
        settings.samplingWindow = .seconds(1)
        var session = FakeSession(settings: settings)
        session.answersPing = false
        let results = session.runToEnd()
        #expect(Self.failed(results) == [.ping])
        let ping = results.first { $0.kind == .ping }
        #expect(ping?.duration == settings.pingTimeout * settings.pingCount)
    }

    @Test func aLinkThatStaysDownFailsReconnectAtTheBound() {
        var session = FakeSession(cases: [.reconnect])
        session.linkComesBack = false
        let results = session.runToEnd()
        #expect(Self.failed(results) == [.reconnect])
        #expect(results.first.map { $0.duration >= ConformanceSettings().reconnectBound } == true)
    }

    @Test func onlyTheChosenCasesRunInSpecOrder() {
        var session = FakeSession(cases: [.ping, .handshake])
        #expect(session.runToEnd().map(\.kind) == [.handshake, .ping])
    }

    @Test func noLinkWithinTheBoundEndsTheRunWithoutResults() {
        var run = ConformanceRun(cases: ConformanceCase.allCases)
        run.begin(at: .zero)
        _ = run.handle(.state(.scanning), at: .zero)
        _ = run.tick(at: .zero + ConformanceRun.linkBound)
        #expect(run.linkNeverCameUp)
        #expect(run.isFinished)
        #expect(run.results.isEmpty)
    }

    @Test func badLinesAreCountedForFormatWhicheverCaseRuns() {
        var observations = RunObservations()
        observations.observe(.message(.reading(1)), at: .zero)
        observations.observe(.warning(LinkWarning(.malformed(.nonNumericReading), raw: Array("R:1x2".utf8))), at: .zero)
        observations.observe(.warning(LinkWarning(.noReadings)), at: .zero)
        observations.observe(.message(.unknown("X:1")), at: .zero)
        #expect(observations.linesSeen == 3)
        #expect(observations.badLines == 2)
    }
}
