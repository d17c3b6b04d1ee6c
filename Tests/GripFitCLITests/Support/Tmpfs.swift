import Foundation
import Glibc

/// A small tmpfs mounted over a test's folder, to make a disk that fills up or turns read-only
/// under a running command: root ignores file modes, so only a real mount refuses root's writes.
/// Needs the right to mount (CI runs as root); the tests that use it are skipped otherwise, and
/// GRIPFIT_REQUIRE_TMPFS (set by `make swift-test` when run as root) makes that a failure instead.
final class Tmpfs {
    /// Tried once: root without CAP_SYS_ADMIN (an unprivileged container) cannot mount either.
    static let available: Bool = {
        guard geteuid() == 0 else { return false }
        let probe = NSTemporaryDirectory() + "gripfit-tmpfs-probe-" + UUID().uuidString
        return (try? Tmpfs(at: probe, kilobytes: 64)) != nil
    }()

    static var isRequired: Bool { ProcessInfo.processInfo.environment["GRIPFIT_REQUIRE_TMPFS"] == "1" }

    let path: String

    init(at path: String, kilobytes: Int) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Self.mount(["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", path])
    }

    func remountReadOnly() throws {
        try Self.mount(["-o", "remount,ro", path])
    }

    /// Writes zeros until the file system says it is full.
    func fill() throws {
        let (process, _, _) = try CLIProcess.spawn(
            URL(fileURLWithPath: "/bin/dd"),
            ["if=/dev/zero", "of=\(path)/filler", "bs=4096"]
        )
        process.waitUntilExit()
    }

    /// Writes zeros until only `kilobytes` are free, as a disk that is nearly full.
    func fill(leavingKilobytes kilobytes: Int) throws {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else {
            let code = errno
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "statvfs \(path): errno \(code)"])
        }
        let blocks = (Int(status.f_bavail) * Int(status.f_frsize)) / 1024 - kilobytes
        let (process, _, _) = try CLIProcess.spawn(
            URL(fileURLWithPath: "/bin/dd"),
            ["if=/dev/zero", "of=\(path)/filler", "bs=1024", "count=\(max(blocks, 0))"]
        )
        process.waitUntilExit()
    }

    deinit {
        _ = try? Self.mount(["-l", path], tool: "/bin/umount")
    }

    private static func mount(_ arguments: [String], tool: String = "/bin/mount") throws {
        let (process, _, err) = try CLIProcess.spawn(URL(fileURLWithPath: tool), arguments)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(tool) \(arguments): \(message)"])
        }
    }
}
