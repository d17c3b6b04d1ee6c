import CGripFitShims
import Glibc
import GripFitCore
import Synchronization

/// Commands handed to a ``LinkDriver`` from other threads (the dashboard's HTTP handlers).
/// An eventfd sits in the driver's poll set, so a command wakes the loop at once instead of
/// waiting for the next reading or deadline. Bounded: a flood of requests cannot grow it.
public final class CommandInbox: Sendable {
    /// Commands waiting for the driver; more are refused (the caller reports "busy").
    public static let capacity = 64

    let fileDescriptor: Int32
    private let queue = Mutex<[Command]>([])

    public init() throws(SystemError) {
        let fd = gripfit_eventfd()
        guard fd >= 0 else { throw SystemError(call: "eventfd", errno: errno) }
        fileDescriptor = fd
    }

    deinit {
        Glibc.close(fileDescriptor)
    }

    /// Queues `command` and wakes the driver; false when the inbox is full.
    @discardableResult
    public func post(_ command: Command) -> Bool {
        let accepted = queue.withLock { queue in
            guard queue.count < Self.capacity else { return false }
            queue.append(command)
            return true
        }
        if accepted {
            var one: UInt64 = 1
            // EAGAIN means the counter is already non-zero: the driver wakes anyway.
            _ = Glibc.write(fileDescriptor, &one, MemoryLayout<UInt64>.size)
        }
        return accepted
    }

    /// Everything posted so far, oldest first; clears the wake-up.
    func take() -> [Command] {
        var counter: UInt64 = 0
        _ = Glibc.read(fileDescriptor, &counter, MemoryLayout<UInt64>.size)
        return queue.withLock { queue in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
    }
}
