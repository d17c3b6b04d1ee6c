import ConsumerTestSupport
import GripFitConformance
import GripFitCore
import GripFitLive
import Testing

/// ``ConformanceConsumer`` on a fake clock: ticked while the link stays down, it stops the session
/// once the run gives up, and hands each finished case out once.
struct ConformanceConsumerTests {
    @Test func aLinkThatNeverComesUpEndsTheRunAtItsBound() {
        let start = MonotonicInstant(nanoseconds: 1_000_000_000)
        var finished: [CaseResult] = []
        let check = ConformanceConsumer(ConformanceRun(cases: [.handshake, .ping]), start: start) { finished.append($0) }
        #expect(check.nextDeadline == start + ConformanceConsumer.tickInterval)
        let harness = ConsumerHarness(check, start: start)
        harness.feed(.state(.scanning), after: .zero)
        harness.tickUntilStopped()
        #expect(harness.stopped)
        #expect(check.run.linkNeverCameUp)
        let now = harness.now
        #expect(now - start >= ConformanceRun.linkBound && now - start < ConformanceRun.linkBound + .seconds(1))
        #expect(finished.count == check.run.results.count, "each finished case handed out once")
    }

    @Test func theCommandsTheRunAsksForAreSubmitted() {
        let start = MonotonicInstant(nanoseconds: 1_000_000_000)
        let check = ConformanceConsumer(ConformanceRun(cases: [.handshake, .ping]), start: start)
        let harness = ConsumerHarness(check, start: start)
        harness.feed(
            [
                .message(.bridge(.connected(BLEAddress("C0:FF:EE:00:00:01")!))), .state(.connected),
                .message(.device(DeviceInfo(name: "GRIPFIT", firmware: "1.0"))), .message(.status(.ready)),
            ],
            every: .zero
        )
        harness.feed(readings: [Int32](repeating: 1_000, count: 300))
        let actions = harness.actions
        #expect(actions.contains { if case .submit(.device(.ping)) = $0 { true } else { false } }, "\(actions)")
    }
}
