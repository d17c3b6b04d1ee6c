import Foundation
import Testing

/// Which test launched the binary, one line per launch, appended to the file named by
/// `GRIPFIT_LAUNCH_LOG` when it is set: issue 32 bounds the tests that launch it (at most 80),
/// and `sort -u` on this file counts them. XCTest's tests (the umockdev ones) name themselves in
/// their `setUp` (``xcTest``): XCTest runs one at a time.
enum LaunchLog {
    private static let lock = NSLock()
    /// The XCTest case running now, as its `setUp` says.
    nonisolated(unsafe) static var xcTest = "XCTest"

    static func note() {
        guard let path = ProcessInfo.processInfo.environment["GRIPFIT_LAUNCH_LOG"] else { return }
        let test = Test.current.map { "\($0.id)" } ?? "XCTest " + xcTest
        lock.lock()
        defer { lock.unlock() }
        guard let handle = FileHandle(forWritingAtPath: path) ?? createdHandle(path) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data((test + "\n").utf8))
    }

    private static func createdHandle(_ path: String) -> FileHandle? {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)
    }
}
