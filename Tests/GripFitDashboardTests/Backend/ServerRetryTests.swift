import GripFitCore
import Testing

@testable import GripFitDashboard

/// The history server's retry schedule on a clock the test moves: 1, 2, 4, 8, then 15 s between
/// tries, one at a time, and from 1 s again once the server answered.
struct ServerRetryTests {
    let start = MonotonicInstant(nanoseconds: 7_000_000_000)

    func at(_ seconds: Double) -> MonotonicInstant { start + .milliseconds(Int64(seconds * 1000)) }

    @Test func triesBackOffToFifteenSecondsOneAtATime() {
        var retry = ServerRetry()
        let first = retry.away(at: at(0))
        #expect(first == at(1))
        let again = retry.away(at: at(0.5))
        #expect(again == at(1), "found away again before the try: the same try")
        let early = retry.start(at: at(0.999))
        #expect(!early)
        let due = retry.start(at: at(1))
        #expect(due)
        let during = retry.away(at: at(1))
        #expect(during == nil, "a try is under way")
        let second = retry.start(at: at(2))
        #expect(!second, "one try at a time")
        var now = 1.0
        for delay in [2.0, 4, 8, 15, 15, 15] {
            retry.failed(at: at(now))
            #expect(retry.phase == .waiting(until: at(now + delay)), "after the try at \(now) s")
            now += delay
            let next = retry.start(at: at(now))
            #expect(next)
        }
        retry.answered()
        #expect(retry.phase == .online)
        let online = retry.start(at: at(1000))
        #expect(!online, "nothing to try while the server answers")
        let awayAgain = retry.away(at: at(1000))
        #expect(awayAgain == at(1001), "away again: from the first delay")
    }

    /// A try that takes long (a connection attempt that times out) waits its delay from its end.
    @Test func theNextTryWaitsFromTheEndOfTheLastOne() {
        var retry = ServerRetry()
        _ = retry.away(at: at(0))
        let started = retry.start(at: at(3))
        #expect(started)
        retry.failed(at: at(8))
        #expect(retry.phase == .waiting(until: at(10)))
    }
}
