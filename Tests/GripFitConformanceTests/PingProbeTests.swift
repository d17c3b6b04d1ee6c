import GripFitCore
import Testing

@testable import GripFitConformance

/// `ping` fed the reports a session sends (PINGs not repeated) under a fake clock: each PONG is
/// paired with the PING it answers, however late.
struct PingProbeTests {
    /// Drives one probe; records the PINGs it sends and when.
    struct Harness {
        var probe: PingProbe
        var now = MonotonicInstant.zero
        var sentAt: [MonotonicInstant] = []
        var step: ProbeStep = .running(send: [])
        /// The PING the session is waiting on, if any: the last one sent, until answered or timed out.
        var sessionWaiting: Int?

        init(pings: Int) {
            var settings = ConformanceSettings()
            settings.samplingWindow = .milliseconds(pings * 500)
            probe = PingProbe(settings: settings)
            #expect(settings.pingCount == max(3, pings))
        }

        mutating func feed(_ event: ProbeEvent) {
            guard case .running = step else { return }
            step = probe.handle(event, at: now, observed: RunObservations())
            if case .running(let commands) = step, !commands.isEmpty {
                sentAt += commands.map { _ in now }
                sessionWaiting = sentAt.count - 1
            }
        }

        /// A device that answers every PING `delay` after it, the session failing each PING
        /// 1 s after it went out and pairing a PONG with whichever PING is waiting, ticked every 10 ms.
        mutating func run(answeringAfter delay: Duration, limit: Duration = .seconds(20)) -> (CaseVerdict, [Figure])? {
            feed(.start)
            while now < .zero + limit {
                now = now + .milliseconds(10)
                for sent in sentAt where sent + delay == now {
                    feed(.report(.message(.status(.pong))))
                    if sessionWaiting != nil {
                        sessionWaiting = nil
                        feed(.report(.commandFinished(.device(.ping), .succeeded(reply: .status(.pong)))))
                    }
                }
                if let waiting = sessionWaiting, sentAt[waiting] + .seconds(1) == now {
                    sessionWaiting = nil
                    feed(.report(.commandFinished(.device(.ping), .failed(.timedOut(attempts: 1)))))
                }
                feed(.tick)
                if case .finished(let verdict, let figures) = step { return (verdict, figures) }
            }
            return nil
        }
    }

    static func figure(_ name: String, _ figures: [Figure]) -> Figure.Value? {
        figures.first { $0.name == name }?.value
    }

    @Test func aPongAfterTheTimeoutIsLateNotTheNextPingsAnswer() throws {
        var harness = Harness(pings: 3)
        let outcome = harness.run(answeringAfter: .milliseconds(1500))
        let (verdict, figures) = try #require(outcome)
        #expect(harness.sentAt.count == 3, "exactly the configured number of PINGs")
        #expect(Self.figure("pings", figures) == .number(3))
        #expect(Self.figure("unanswered", figures) == .number(3))
        #expect(Self.figure("late_pongs", figures) == .number(2))
        #expect(Self.figure("latency_p50", figures) == nil, "no PONG counts as an answer: \(figures)")
        guard case .failed(let reason) = verdict else {
            Issue.record("\(verdict)")
            return
        }
        #expect(reason.contains("3 of 3 pings got no S:PONG within 1000 ms (2 came later)"))
    }

    @Test func promptPongsAreTimedFromTheirOwnPing() throws {
        var harness = Harness(pings: 4)
        let outcome = harness.run(answeringAfter: .milliseconds(40))
        let (verdict, figures) = try #require(outcome)
        #expect(verdict == .passed)
        #expect(harness.sentAt.count == 4)
        #expect(Self.figure("latency_p50", figures) == .number(40))
        #expect(Self.figure("latency_p99", figures) == .number(40))
        #expect(Self.figure("unanswered", figures) == .number(0))
    }

    /// A PING the probe gave up on (the session never said) is reported late; the report is that
    /// PING's, not the next one's, which is still timed from its own PONG.
    @Test func aLateReportForAPingGivenUpOnIsNotTheNextOnes() throws {
        var harness = Harness(pings: 3)
        harness.feed(.start)
        while harness.sentAt.count < 2, harness.now < .zero + .seconds(60) {
            harness.now = harness.now + .milliseconds(10)
            harness.feed(.tick)
        }
        #expect(harness.sentAt.count == 2, "the next PING goes out once the first is given up on")
        harness.feed(.report(.commandFinished(.device(.ping), .failed(.linkLost))))
        #expect(harness.sentAt.count == 2, "the first PING's report does not end the second")
        for _ in 0..<2 {
            harness.now = harness.now + .milliseconds(30)
            harness.feed(.report(.message(.status(.pong))))
            harness.feed(.report(.commandFinished(.device(.ping), .succeeded(reply: .status(.pong)))))
        }
        guard case .finished(_, let figures) = harness.step else {
            Issue.record("still running after the third PONG")
            return
        }
        #expect(Self.figure("unanswered", figures) == .number(1))
        #expect(Self.figure("latency_p50", figures) == .number(30), "\(figures)")
    }

    @Test func aPingWhoseLinkDroppedOwesNoPong() throws {
        var harness = Harness(pings: 3)
        harness.feed(.start)
        harness.now = harness.now + .milliseconds(100)
        harness.feed(.report(.commandFinished(.device(.ping), .failed(.linkLost))))
        #expect(harness.sentAt.count == 2, "the next PING goes out at once")
        harness.now = harness.now + .milliseconds(30)
        harness.feed(.report(.message(.status(.pong))))
        harness.feed(.report(.commandFinished(.device(.ping), .succeeded(reply: .status(.pong)))))
        harness.now = harness.now + .milliseconds(30)
        harness.feed(.report(.message(.status(.pong))))
        harness.feed(.report(.commandFinished(.device(.ping), .succeeded(reply: .status(.pong)))))
        guard case .finished(let verdict, let figures) = harness.step else {
            Issue.record("still running after the third PONG")
            return
        }
        #expect(Self.figure("unanswered", figures) == .number(1))
        #expect(Self.figure("latency_p50", figures) == .number(30), "the PONG answers the second PING, not the lost first")
        #expect(verdict.isFailure)
    }
}
