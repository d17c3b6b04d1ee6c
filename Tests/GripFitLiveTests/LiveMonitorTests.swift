import GripFitCore
import GripFitLive
import GripFitRecords
import Testing

/// ``LiveMonitor`` on a screen that keeps what it was given, fed reports, keys and instants by hand.
struct LiveMonitorTests {
    final class Screen: LiveScreen {
        var width = 80
        var draws: [[String]] = []
        var notices: [String] = []

        func redraw(_ view: [String]) { draws.append(view) }
        func notice(_ text: String, view: [String]) {
            notices.append(text)
            draws.append(view)
        }
        func time(at instant: MonotonicInstant) -> String { "t\(instant.nanoseconds / 1_000_000)" }
        func line(for report: LinkReport, time: String) -> String? {
            if case .state(let state) = report { return "\(time) state \(state)" }
            return nil
        }
    }

    static let calibration = StoredCalibration(
        device: "usb:A1",
        calibration: Calibration(offset: 0, countsPerKilogram: 20_000),
        date: "2026-11-22T00:00:00Z",
        massKilograms: 10
    )
    let start = MonotonicInstant(nanoseconds: 1_000_000_000)

    /// The monitor behind its own calibration stage, as `monitor` runs it.
    final class Monitored {
        let monitor: LiveMonitor
        let session: CalibratedSession

        init(_ monitor: LiveMonitor, session: CalibratedSession) {
            self.monitor = monitor
            self.session = session
        }

        func lines(at now: MonotonicInstant) -> [String] { monitor.lines(at: now) }
        var nextDeadline: MonotonicInstant? { monitor.nextDeadline }
        var view: LiveView { monitor.view }
        func press(_ key: UInt8, at now: MonotonicInstant) -> ConsumerAction? { monitor.press(key, at: now) }
        func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
            session.tick(at: now, link: link, into: &actions)
        }
    }

    func monitor(_ screen: Screen, calibration: StoredCalibration?) -> Monitored {
        let stage = LiveCalibration(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in calibration }
        let monitor = LiveMonitor(unit: .kilograms, screen: screen, start: start)
        return Monitored(monitor, session: CalibratedSession(stage: stage, consumers: [monitor]))
    }

    func feed(_ monitored: Monitored, _ report: LinkReport, at milliseconds: Int) -> [ConsumerAction] {
        var actions: [ConsumerAction] = []
        monitored.session.handle(report, at: start + .milliseconds(milliseconds), link: LinkFacts(), into: &actions)
        return actions
    }

    @Test func aCalibratedReadingIsShownInKilogramsWithItsPeak() throws {
        let screen = Screen()
        let monitor = monitor(screen, calibration: Self.calibration)
        _ = feed(monitor, .message(.reading(40_000)), at: 100)
        _ = feed(monitor, .message(.reading(100_000)), at: 200)
        _ = feed(monitor, .message(.reading(60_000)), at: 300)
        let headline = try #require(monitor.lines(at: start + .milliseconds(300)).first)
        #expect(headline.hasPrefix("3.00 kg   peak 5.00 kg"), "\(headline)")
        #expect(screen.notices.first?.contains("plain serial relay") == true, "the identity notice goes above the view")
    }

    @Test func withoutACalibrationReadingsAreRawAndTheNoticeSaysHowToCalibrate() throws {
        let screen = Screen()
        let monitor = monitor(screen, calibration: nil)
        _ = feed(monitor, .message(.reading(1_234)), at: 100)
        #expect(monitor.lines(at: start + .milliseconds(100)).first?.hasPrefix("1234 raw") == true)
        #expect(screen.notices.contains { $0.contains(ForceDisplay.uncalibratedNotice) })
    }

    @Test func readingsAreDrawnAtMostEvery50MillisecondsAndTheClockEverySecond() {
        let screen = Screen()
        let monitor = monitor(screen, calibration: nil)
        _ = feed(monitor, .message(.reading(1)), at: 0)
        let afterFirst = screen.draws.count
        _ = feed(monitor, .message(.reading(2)), at: 20)
        #expect(screen.draws.count == afterFirst, "too soon to draw again")
        _ = feed(monitor, .message(.reading(3)), at: 60)
        #expect(screen.draws.count == afterFirst + 1)
        #expect(monitor.nextDeadline == start + .seconds(1))
        var actions: [ConsumerAction] = []
        monitor.tick(at: start + .seconds(1), link: LinkFacts(), into: &actions)
        #expect(screen.draws.count == afterFirst + 2 && actions.isEmpty)
        #expect(monitor.nextDeadline == start + .seconds(2))
    }

    @Test func eventsGoAboveTheViewAndTheKeysTareResetAndQuit() {
        let screen = Screen()
        let monitor = monitor(screen, calibration: Self.calibration)
        _ = feed(monitor, .state(.connected), at: 0)
        #expect(screen.notices.last == "t1000 state connected")
        _ = feed(monitor, .message(.reading(100_000)), at: 100)
        #expect(monitor.press(UInt8(ascii: "t"), at: start + .milliseconds(200)) == nil, "5 kg on the handle: refused")
        #expect(screen.notices.last?.contains("not tared: the handle reads 5.00 kg") == true)
        #expect(monitor.press(UInt8(ascii: "t"), at: start + .milliseconds(300)) == .submit(.device(.tare)), "pressed again: tared anyway")
        _ = feed(monitor, .commandFinished(.device(.tare), .succeeded(reply: nil)), at: 400)
        #expect(screen.notices.last == "t1400 tared")
        #expect(monitor.press(UInt8(ascii: "p"), at: start + .milliseconds(500)) == nil)
        #expect(monitor.view.peak == nil, "the peak starts again")
        #expect(monitor.press(UInt8(ascii: "q"), at: start + .milliseconds(600)) == .stop)
    }

    /// `monitor --load 20kg@0` pressed `t` (issue 32: the binary's terminal test moved here): refused
    /// with the load it reads and what to do, nothing tared nor requested; asked again at once,
    /// tared. The negative force once the load comes off is ``LiveViewTests``'.
    @Test func aLoadedHandleIsNotTaredUntilAskedAgain() {
        let screen = Screen()
        let monitor = monitor(screen, calibration: Self.calibration)
        _ = feed(monitor, .state(.connected), at: 0)
        _ = feed(monitor, .message(.reading(400_000)), at: 100)
        #expect(monitor.press(UInt8(ascii: "t"), at: start + .milliseconds(200)) == nil, "20 kg on the handle: refused")
        let refused = screen.notices.last ?? ""
        #expect(refused.contains("not tared: the handle reads 20.0"), "\(refused)")
        #expect(refused.contains("Let go first, then press t; if nothing is on it, press t again within 3 s"), "\(refused)")
        #expect(!screen.notices.contains { $0.hasSuffix(" tared") || $0.hasSuffix("tare requested") }, "\(screen.notices)")
        #expect(monitor.press(UInt8(ascii: "t"), at: start + .milliseconds(300)) == .submit(.device(.tare)), "asked again: tared")
        _ = feed(monitor, .commandFinished(.device(.tare), .succeeded(reply: nil)), at: 400)
        #expect(screen.notices.last?.hasSuffix(" tared") == true, "\(screen.notices)")
    }
}
