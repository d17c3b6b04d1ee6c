import Testing

@testable import GripFitCore

@Suite struct BackoffTests {
    @Test func doublesUpToThirtySecondsAndResets() {
        var backoff = Backoff()
        let delays = (0..<8).map { _ in backoff.next() }
        #expect(delays == [1, 2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
        backoff.reset()
        #expect(backoff.next() == .seconds(1))
    }
}
