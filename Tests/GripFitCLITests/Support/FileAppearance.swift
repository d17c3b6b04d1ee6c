import Foundation
import Glibc

/// Waits, as an event, for a server to write a file it writes once ready (ser2net writes its pid
/// file after its accepters listen): inotify on the file's directory, and the server's pidfd so a
/// server that dies first ends the wait at once.
enum FileAppearance {
    /// True once `path` holds something, false if `pid` ended first or `deadline` (a bound on a hang) passed.
    static func awaitContents(of path: String, writtenBy pid: pid_t, before deadline: ContinuousClock.Instant) throws -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard watch >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(watch) }
        guard inotify_add_watch(watch, directory, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)) >= 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        guard let ended = try ProcessExit.descriptor(of: pid) else { return hasContents(path) }
        defer { close(ended) }
        var drained = [UInt8](repeating: 0, count: 4096)
        while !hasContents(path) {
            let left = deadline - .now
            guard left > .zero else { return false }
            var watched = [pollfd(fd: watch, events: Int16(POLLIN), revents: 0), pollfd(fd: ended, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&watched, 2, Int32(min(left.components.seconds * 1000 + 1, 60_000)))
            if ready < 0, errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            if watched[1].revents != 0 { return hasContents(path) }
            while read(watch, &drained, drained.count) > 0 {}
        }
        return true
    }

    private static func hasContents(_ path: String) -> Bool {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0 > 0
    }
}
