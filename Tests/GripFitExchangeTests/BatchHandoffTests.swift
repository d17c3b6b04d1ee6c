import Foundation
import Testing

@testable import GripFitExchange

/// ``BatchHandoff``: batches come out in the order put, the reader's end or error after them, and a
/// filer that gives up releases a reader waiting to put.
struct BatchHandoffTests {
    private struct Refused: Error {}

    @Test func batchesComeInOrderThenTheEnd() {
        let handoff = BatchHandoff<Int>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for batch in 1...5 { _ = handoff.put(batch) }
            handoff.finish(nil)
            done.signal()
        }
        var taken: [Int] = []
        loop: while true {
            switch handoff.take() {
            case .batch(let batch): taken.append(batch)
            case .end: break loop
            case .failed: Issue.record("no error was put")
            }
        }
        done.wait()
        #expect(taken == [1, 2, 3, 4, 5])
    }

    @Test func anErrorComesAfterTheBatchesBeforeIt() {
        let handoff = BatchHandoff<Int>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = handoff.put(1)
            _ = handoff.put(2)
            handoff.finish(Refused())
            done.signal()
        }
        var taken: [Int] = []
        var failed = false
        loop: while true {
            switch handoff.take() {
            case .batch(let batch): taken.append(batch)
            case .end: break loop
            case .failed(let error):
                failed = error is Refused
                break loop
            }
        }
        done.wait()
        #expect(taken == [1, 2])
        #expect(failed)
    }

    @Test func aFilerThatGivesUpReleasesTheReader() {
        let handoff = BatchHandoff<Int>()
        let stopped = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var second: Bool?
        Thread.detachNewThread {
            // The first fills the handoff; the second waits for it to be taken, which never comes.
            _ = handoff.put(1)
            second = handoff.put(2)
            stopped.signal()
        }
        handoff.cancel()
        stopped.wait()
        #expect(second == false)
    }
}
