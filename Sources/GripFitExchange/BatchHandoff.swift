import Foundation

/// The import's two threads meet here: the one reading and decoding the file puts each batch, the
/// one filing takes it, so a batch is decoded while the one before it is written (on a server, while
/// the client would otherwise wait for it). One batch waits at most, so memory holds two batches
/// however large the file; the reader's end, or its error, comes after the batches before it.
final class BatchHandoff<Batch>: @unchecked Sendable {
    enum Next {
        case batch(Batch)
        /// The reader has put its last batch.
        case end
        /// The reader stopped with this error after the batches before it.
        case failed(any Error)
    }

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var waiting: Batch?
    private var ending: Next?
    private var cancelled = false

    /// Waits until the batch before was taken; false when the filer has given up (stop reading).
    func put(_ batch: Batch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while waiting != nil, !cancelled { condition.wait() }
        guard !cancelled else { return false }
        waiting = batch
        condition.broadcast()
        return true
    }

    /// The reader is done: `error` is why it stopped early, `nil` at the file's end.
    func finish(_ error: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        ending = error.map(Next.failed) ?? .end
        condition.broadcast()
    }

    /// The next batch, or how the reader ended once every batch was taken.
    func take() -> Next {
        condition.lock()
        defer { condition.unlock() }
        while waiting == nil, ending == nil { condition.wait() }
        if let batch = waiting {
            waiting = nil
            condition.broadcast()
            return .batch(batch)
        }
        return ending ?? .end
    }

    /// The filer stops taking (it failed): a reader waiting to put is released and told to stop.
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        condition.broadcast()
    }
}
