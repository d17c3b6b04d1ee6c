import Glibc

/// The room left on a file's file system, for an unprivileged user (`statvfs`'s `f_bavail`).
enum FreeSpace {
    /// SQLite grows its WAL index in 32 KiB pieces and its log a page at a time: a write failing
    /// with this little room left failed for want of it, whatever code SQLite gave it.
    static let nearlyFull: UInt64 = 1024 * 1024

    /// Bytes free in the folder holding `path`; nil when `statvfs` cannot tell.
    static func bytes(besides path: String) -> UInt64? {
        var status = statvfs()
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        guard statvfs(folder.isEmpty ? "/" : folder, &status) == 0 else { return nil }
        let free = UInt64(status.f_bavail).multipliedReportingOverflow(by: UInt64(status.f_frsize))
        return free.overflow ? UInt64.max : free.partialValue
    }
}
