import GripFitCore
import GripFitLive
import GripFitRecords
import Testing

/// ``CalibrationProcedure`` fed session reports and instants by hand, behind the stage as
/// `calibrate` runs it: no port, no binary, no clock.
struct CalibrationProcedureTests {
    static let mass = ForceQuantity(10, .kilograms)

    /// A session fed readings every 100 ms (a 2 s stable window fills at the 20th).
    final class Feed {
        let procedure: CalibrationProcedure
        let session: CalibratedSession
        var now = MonotonicInstant(nanoseconds: 1_000_000_000)
        var stopped = false

        init(mass: ForceQuantity = CalibrationProcedureTests.mass, timeout: Duration = .seconds(30)) {
            let log = Log()
            procedure = CalibrationProcedure(mass: mass, timeout: timeout) { log.events.append($0) }
            let stage = LiveCalibration(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in nil }
            session = CalibratedSession(stage: stage, consumers: [procedure])
            self.log = log
            procedure.start()
        }

        /// What the procedure told its front end, in order.
        var told: [CalibrationProcedure.Event] { log.events }
        private let log: Log

        final class Log {
            var events: [CalibrationProcedure.Event] = []
        }

        /// Feeds `raws` 100 ms apart until the procedure asks to stop.
        func read(_ raws: [Int32]) {
            for raw in raws where !stopped {
                now = now + .milliseconds(100)
                report(.message(.reading(raw)))
            }
        }

        func report(_ report: LinkReport) {
            var actions: [ConsumerAction] = []
            session.handle(report, at: now, link: LinkFacts(), into: &actions)
            stopped = stopped || actions.contains(.stop)
        }
    }

    /// Readings around `mean` that a 2 s window finds steady (a spread of 50 counts).
    static func steady(_ mean: Int32, count: Int) -> [Int32] {
        (0..<count).map { mean + ($0.isMultiple(of: 2) ? 50 : -50) }
    }

    /// Readings around `mean` far too spread for a calibration (1,000 counts).
    static func shaking(_ mean: Int32, count: Int) -> [Int32] {
        (0..<count).map { mean + ($0.isMultiple(of: 2) ? 1_000 : -1_000) }
    }

    @Test func twoSteadyStepsGiveTheTwoPointCalibrationThenStop() throws {
        let feed = Feed()
        #expect(feed.told == [.setLoad(kilograms: 0), .prompt(.zero)], "the first step is asked for before any reading")
        let zero = Self.steady(100_000, count: 20)
        feed.read(Array(zero.prefix(19)))
        #expect(feed.told.count == 2, "19 readings 100 ms apart span 1.8 s: not yet a stable window")
        feed.read([zero[19]])
        #expect(feed.told.dropFirst(2) == [.prompt(.load(Self.mass)), .setLoad(kilograms: 10)])
        #expect(!feed.stopped)
        feed.read(Self.steady(300_000, count: 40))
        #expect(feed.stopped)
        let calibration = Calibration(offset: 100_000, countsPerKilogram: 20_000)
        #expect(feed.told.last == .done(calibration))
        #expect(feed.told.count == 5)
        #expect(feed.procedure.result == .success(calibration))
    }

    @Test func theMassIsTakenInItsOwnUnit() throws {
        let mass = ForceQuantity(22, .pounds)
        let feed = Feed(mass: mass)
        feed.read(Self.steady(50_000, count: 20) + Self.steady(150_000, count: 20))
        let calibration = try #require(try feed.procedure.result?.get())
        #expect(calibration.offset == 50_000)
        #expect(abs(calibration.countsPerKilogram - 100_000 / mass.kilograms) < 1e-9)
        #expect(feed.told.contains(.setLoad(kilograms: mass.kilograms)))
    }

    @Test func theLoadStepStartsAFreshWindow() {
        let feed = Feed()
        feed.read(Self.steady(100_000, count: 20))
        feed.read(Self.steady(300_000, count: 19))
        #expect(!feed.stopped, "the zero's readings do not count towards the load's window")
        feed.read(Self.steady(300_000, count: 1))
        #expect(feed.stopped)
    }

    @Test func anUnsteadyZeroFailsAtTheTimeoutCountedFromItsFirstReading() throws {
        let feed = Feed(timeout: .seconds(3))
        feed.now = feed.now + .seconds(60)
        feed.read(Self.shaking(100_000, count: 31))
        #expect(!feed.stopped, "3 s after the step's first reading is not past the timeout, however long the session waited before")
        feed.read(Self.shaking(100_000, count: 1))
        #expect(feed.stopped)
        guard case .failed(.unstable(let deviation, let limit))? = feed.told.last else {
            Issue.record("expected an unstable failure, got \(feed.told)")
            return
        }
        #expect(deviation > 900 && limit == CalibrationFit.defaultMaximumStandardDeviation)
        #expect(feed.told.count == 3, "no second prompt")
    }

    @Test func anUnsteadyLoadFailsAsUnstable() {
        let feed = Feed(timeout: .seconds(3))
        feed.read(Self.steady(100_000, count: 20) + Self.shaking(300_000, count: 40))
        #expect(feed.stopped)
        guard case .failed(.unstable(let deviation, _))? = feed.told.last else {
            Issue.record("expected an unstable failure, got \(feed.told)")
            return
        }
        #expect(deviation > 900)
    }

    @Test func aLoadThatDoesNotRiseFailsAtTheTimeout() {
        let feed = Feed(timeout: .seconds(3))
        feed.read(Self.steady(100_000, count: 20) + [Int32](repeating: 100_500, count: 30))
        #expect(!feed.stopped, "a steady load that has not risen is waited for until the timeout")
        feed.read([100_500])
        #expect(feed.stopped)
        #expect(
            feed.told.last == .failed(.loadNotDetected(deltaCounts: 500, minimum: CalibrationFit.defaultMinimumDeltaCounts))
        )
        #expect(feed.procedure.result == .failure(.loadNotDetected(deltaCounts: 500, minimum: 1_000)))
    }

    @Test func aLinkDownOnlyDelaysTheStep() {
        let feed = Feed(timeout: .seconds(30))
        feed.read(Self.steady(100_000, count: 15))
        feed.report(.state(.scanning))
        feed.now = feed.now + .seconds(10)
        feed.report(.state(.connected))
        #expect(feed.session.nextDeadline == nil, "no timer runs while no readings come")
        #expect(!feed.stopped && feed.told.count == 2)
        feed.read(Self.steady(100_000, count: 19))
        #expect(feed.told.count == 2, "readings from before the gap are too old to fill the window")
        feed.read(Self.steady(100_000, count: 1))
        #expect(feed.told.last == .setLoad(kilograms: 10))
    }

    @Test func readingsAfterTheEndChangeNothing() {
        let feed = Feed()
        feed.read(Self.steady(100_000, count: 20) + Self.steady(300_000, count: 20))
        let told = feed.told
        feed.stopped = false
        feed.read(Self.shaking(0, count: 50))
        #expect(feed.told == told)
        #expect(!feed.stopped)
    }
}
