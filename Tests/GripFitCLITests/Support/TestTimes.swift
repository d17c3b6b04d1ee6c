import Foundation
import Testing

/// How long each test under ``WaitsOnProcesses`` ran on its thread, queueing left out, one line
/// per test case ("seconds id"), appended to the file named by `GRIPFIT_TEST_TIMES` when it is set.
/// Swift Testing's own "passed after" counts from the run's start for a test that queued for a
/// ``TestThreads`` thread, so it cannot say which tests hold the threads longest; `sort -rn` on
/// this file does (issue 32: `swift test` within 4 minutes).
enum TestTimes {
    private static let lock = NSLock()

    static func note(_ test: Test, ran duration: Duration) {
        guard let path = ProcessInfo.processInfo.environment["GRIPFIT_TEST_TIMES"] else { return }
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let line = String(format: "%.2f ", seconds) + "\(test.id)\n"
        lock.lock()
        defer { lock.unlock() }
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data(line.utf8))
    }
}
