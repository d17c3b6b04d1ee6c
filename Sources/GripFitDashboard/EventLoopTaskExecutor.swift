import Hummingbird
import NIOCore

/// Runs a task's jobs on one NIO event loop. The event stream's task waits for the session's
/// events and writes them to its connection; on Swift's thread pool every batch woke a pool
/// thread, which then woke the event loop to write. Here the session wakes the event loop
/// alone, and the write goes out from the loop it belongs to without another hop.
final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
