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
        var actions: [ConsumerAction] = []
        check.handle(.state(.scanning), at: start, link: LinkFacts(), into: &actions)
        var now = start
        var ticks = 0
        while !actions.contains(.stop), ticks < 10_000, let due = check.nextDeadline {
            now = due
            check.tick(at: now, link: LinkFacts(), into: &actions)
            ticks += 1
        }
        #expect(actions.contains(.stop))
        #expect(check.run.linkNeverCameUp)
        #expect(now - start >= ConformanceRun.linkBound && now - start < ConformanceRun.linkBound + .seconds(1))
        #expect(finished.count == check.run.results.count, "each finished case handed out once")
    }

    @Test func theCommandsTheRunAsksForAreSubmitted() {
        let start = MonotonicInstant(nanoseconds: 1_000_000_000)
        let check = ConformanceConsumer(ConformanceRun(cases: [.handshake, .ping]), start: start)
        var actions: [ConsumerAction] = []
        check.handle(.message(.bridge(.connected(BLEAddress("C0:FF:EE:00:00:01")!))), at: start, link: LinkFacts(), into: &actions)
        check.handle(.state(.connected), at: start, link: LinkFacts(), into: &actions)
        check.handle(.message(.device(DeviceInfo(name: "GRIPFIT", firmware: "1.0"))), at: start, link: LinkFacts(), into: &actions)
        check.handle(.message(.status(.ready)), at: start, link: LinkFacts(), into: &actions)
        var now = start
        for _ in 0..<300 {
            now = now + .milliseconds(100)
            check.handle(.message(.reading(1_000)), at: now, link: LinkFacts(), into: &actions)
            check.tick(at: now, link: LinkFacts(), into: &actions)
        }
        #expect(actions.contains { if case .submit(.device(.ping)) = $0 { true } else { false } }, "\(actions)")
    }
}
