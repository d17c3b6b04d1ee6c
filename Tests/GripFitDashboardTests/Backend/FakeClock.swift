import GripFitCore
import Synchronization

/// A monotonic clock the test moves by hand, for the commands a page sends between reports.
final class FakeClock: Sendable {
    private let instant = Mutex(MonotonicInstant(nanoseconds: 0))

    var now: MonotonicInstant {
        instant.withLock { $0 }
    }

    func set(_ now: MonotonicInstant) {
        instant.withLock { $0 = now }
    }
}
