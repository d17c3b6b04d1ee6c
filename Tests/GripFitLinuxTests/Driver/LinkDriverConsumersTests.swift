import GripFitCore
import GripFitSimulator
import Testing

@testable import GripFitLinux

/// Several consumers on one driver: each sees every report, the loop wakes at the earliest of
/// their deadlines, and any one of them can end the session.
@Suite(.serialized) struct LinkDriverConsumersTests {
    /// Counts readings, ticks at a deadline it moves on each tick, and stops after `ticks` ticks.
    final class Counter: LinkConsumer {
        var readings = 0
        var ticks: [MonotonicInstant] = []
        var idles = 0
        var nextDeadline: MonotonicInstant?
        let period: Duration
        let stopAfterTicks: Int?
        var links: [LinkFacts] = []

        init(start: MonotonicInstant?, period: Duration, stopAfterTicks: Int?) {
            nextDeadline = start.map { $0 + period }
            self.period = period
            self.stopAfterTicks = stopAfterTicks
        }

        func handle(_ report: LinkReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
            if case .message(.reading) = report {
                readings += 1
                links.append(link)
            }
        }

        func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
            ticks.append(now)
            nextDeadline = now + period
            if let stopAfterTicks, ticks.count >= stopAfterTicks { actions.append(.stop) }
        }

        func idle(into actions: inout [ConsumerAction]) {
            idles += 1
        }
    }

    @Test func everyConsumerSeesEveryReadingAndTheEarliestDeadlineWakesTheLoop() throws {
        let dongle = try VirtualDongle(options: SimulatorOptions())
        dongle.start()
        defer { dongle.stop() }
        let driver = LinkDriver(portPath: dongle.path)
        let clock = MonotonicClock()
        let start = clock.now()
        let quiet = Counter(start: nil, period: .seconds(1), stopAfterTicks: nil)
        let stopper = Counter(start: start, period: .milliseconds(300), stopAfterTicks: 5)
        driver.consumers = [quiet, stopper]
        let reason = try driver.run(until: start + .seconds(60))
        #expect(reason == .handler, "stopped by the consumer, not the deadline")
        #expect(stopper.ticks.count == 5)
        // Each tick comes at or after the deadline the consumer asked for (the instants the loop hands in,
        // not this machine's speed): the loop woke for the earliest deadline, not for a reading.
        let asked = [start] + stopper.ticks.dropLast()
        #expect(zip(asked, stopper.ticks).allSatisfy { $1 - $0 >= .milliseconds(300) }, "\(stopper.ticks)")
        #expect(quiet.ticks.isEmpty, "a consumer without a deadline is never ticked")
        #expect(quiet.readings > 0 && quiet.readings == stopper.readings)
        #expect(quiet.idles > 0 && quiet.idles == stopper.idles, "every consumer idles before each wait")
        #expect(stopper.links.last?.portOpen == true)
        #expect(stopper.links.last?.firmware != nil, "the link facts carry the firmware once D: has come")
    }

    @Test func aConsumerSubmitsCommandsThroughItsActions() throws {
        final class Tarer: LinkConsumer {
            var tared = false
            var asked = false
            func handle(_ report: LinkReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
                switch report {
                case .message(.reading) where !asked:
                    asked = true
                    actions.append(.submit(.device(.tare)))
                case .commandFinished(.device(.tare), .succeeded(_)):
                    tared = true
                    actions.append(.stop)
                default:
                    break
                }
            }
        }
        let dongle = try VirtualDongle(options: SimulatorOptions())
        dongle.start()
        defer { dongle.stop() }
        let driver = LinkDriver(portPath: dongle.path)
        let tarer = Tarer()
        driver.consumers = [tarer]
        let reason = try driver.run(until: MonotonicClock().now() + .seconds(10))
        #expect(reason == .handler)
        #expect(tarer.tared)
    }
}
