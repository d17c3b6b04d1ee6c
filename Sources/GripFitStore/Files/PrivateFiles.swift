import Glibc
import GripFitOutput
import GripFitRecords

/// Health data on disk: history, calibrations, exports, reports and plots are created 0600 and
/// gripfit's directories 0700, whatever the umask, as ssh and gpg do. Files are replaced atomically
/// (temporary file, fsync, rename), so a failed write never leaves a truncated file behind.
public enum PrivateFiles {
    /// Creates `path` and any missing parents as 0700; `path` itself (gripfit's own directory) loses
    /// group and other access if it existed with them, and gains nothing (a 0555 folder stays read-only).
    public static func makeDirectory(_ path: String) throws(StoreError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 {
                chmod(prefix, 0o700)
            } else if errno != EEXIST {
                throw .unavailable(path: prefix, reason: "cannot create the directory (\(describe(errno)))")
            }
        }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw .unavailable(path: path, reason: "not a directory")
        }
        if path != "/", status.st_uid == geteuid(), status.st_mode & 0o077 != 0 { chmod(path, status.st_mode & 0o7700) }
    }

    /// Creates `path` empty as 0600 if it is missing, and takes group and other access away if it is
    /// not (and nothing else: a 0444 file stays read-only), so SQLite, which gives its journal the
    /// database's mode, starts from a private file.
    ///
    /// An existing file is never opened here: closing any descriptor of a SQLite file drops every
    /// POSIX lock this process holds on it, a history already open in this process included, and a
    /// history without its lock can have its write-ahead log deleted by another process's last
    /// close, taking the next commit with it (SQLite's "How To Corrupt", 2.2).
    public static func ensurePrivateFile(_ path: String) throws(StoreError) {
        let fd = open(path, O_RDONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if fd >= 0 {
            close(fd)
            return
        }
        guard errno == EEXIST else {
            throw .unavailable(path: path, reason: "cannot open or create (\(describe(errno)))")
        }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            throw .unavailable(path: path, reason: "cannot open or create (\(describe(errno)))")
        }
        // What the O_NOFOLLOW open of an existing file refused: a symbolic link, or a file this user cannot read.
        if status.st_mode & S_IFMT == S_IFLNK {
            throw .unavailable(path: path, reason: "cannot open or create (\(describe(ELOOP)))")
        }
        guard access(path, R_OK) == 0 else {
            throw .unavailable(path: path, reason: "cannot open or create (\(describe(errno)))")
        }
        if status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(), status.st_mode & 0o077 != 0 {
            chmod(path, status.st_mode & 0o7700)
        }
    }

    /// Fails now, before any work, if `path` cannot be written: an existing directory, a missing or
    /// read-only parent, no permission, or (with `room`) fewer than `room` bytes free. Creates a
    /// probe file beside it, writes `room` bytes to it and removes it.
    public static func checkWritable(_ path: String, room: Int = 0) throws(StoreError) {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw .cannotWrite(path: path, reason: "it is a directory")
        }
        let (fd, probe) = try temporaryFile(beside: path)
        defer { unlink(probe) }
        // A full disk still lets an empty file be created; only writing its bytes tells.
        let failure = room > 0 ? (posix_fallocate(fd, 0, off_t(room)) as Int32?) : nil
        close(fd)
        if let failure, failure != 0, failure != EOPNOTSUPP, failure != EINVAL {
            throw .cannotWrite(path: path, reason: describe(failure))
        }
    }

    /// Writes `bytes` to `path` as 0600 (or `mode`, for a file that holds no health data and that
    /// another user's reader must see, such as node-exporter's metrics): all or nothing.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(StoreError) {
        let (fd, temporary) = try temporaryFile(beside: path, mode: mode)
        var failure: Int32?
        var offset = 0
        while offset < bytes.count, failure == nil {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno != EINTR { failure = errno }
            } else {
                offset += written
            }
        }
        if failure == nil, fsync(fd) != 0, errno != EINVAL { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: describe(failure))
        }
    }

    static func temporaryFile(beside path: String, mode: mode_t = 0o600) throws(StoreError) -> (Int32, String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((directory + "." + name + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: describe(errno)) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        fchmod(fd, mode)
        return (fd, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    static func describe(_ code: Int32) -> String {
        ErrnoText(code).message
    }
}
