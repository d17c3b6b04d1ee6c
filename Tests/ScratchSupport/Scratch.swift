import Foundation
import Glibc
import Synchronization

/// Scratch directories for tests, private (0700, as the history's own) and removed when the test
/// process exits, so repeated `make test` runs leave no homes and histories behind in /tmp.
/// `GRIPFIT_KEEP_TEST_DIRS=1` keeps them, to look at a failure's files.
public enum Scratch {
    private static let made = Mutex<[String]>([])

    /// A new directory `<tmp>/<prefix>-<UUID>`, made at once.
    public static func directory(_ prefix: String) -> String {
        let path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        made.withLock { paths in
            if paths.isEmpty { atexit { Scratch.removeAll() } }
            paths.append(path)
        }
        return path
    }

    private static func removeAll() {
        guard ProcessInfo.processInfo.environment["GRIPFIT_KEEP_TEST_DIRS"] == nil else { return }
        for path in made.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
