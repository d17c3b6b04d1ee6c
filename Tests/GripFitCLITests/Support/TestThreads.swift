import Foundation

/// Threads of their own for tests that block while a child process runs: Swift Testing runs every
/// test on the cooperative pool, as wide as the machine's cores (two here), so two tests blocked in
/// `waitUntilExit` or `poll` stopped all others (issue 32). A test under ``WaitsOnProcesses`` runs
/// here instead, and the pool's threads stay free. `GRIPFIT_TEST_THREADS` sets how many tests may
/// block at once (4 by default: at 8 a 2-core machine under other builds dropped a simulated reading
/// in a four-dongle check); the children mostly wait on simulated devices, not on a core; 0
/// leaves every test on the pool, as before, to compare or to rule this out.
final class TestThreads: TaskExecutor, @unchecked Sendable {
    /// Nil when `GRIPFIT_TEST_THREADS` is 0.
    static let shared: TestThreads? = {
        let count = ProcessInfo.processInfo.environment["GRIPFIT_TEST_THREADS"].flatMap(Int.init) ?? 4
        return count > 0 ? TestThreads(count: count) : nil
    }()

    private let condition = NSCondition()
    /// Guarded by `condition`; taken in order, so a test resumed after a suspension waits its turn.
    private var jobs: [UnownedJob] = []
    private var next = 0

    private init(count: Int) {
        for index in 0..<count {
            let thread = Thread { [self] in work() }
            thread.name = "test thread \(index)"
            // As large as the pool's threads: a test's stack does not shrink because it moved here.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func work() -> Never {
        while true {
            let job = condition.withLock {
                while next == jobs.count { condition.wait() }
                let job = jobs[next]
                next += 1
                if next == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    next = 0
                }
                return job
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
