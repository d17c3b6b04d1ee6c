import Glibc

/// Why a test could not watch a process end.
enum ProcessExitError: Error, CustomStringConvertible {
    /// glibc older than 2.36: the tests need a pidfd to wait for processes that are not their children.
    case noPidfd
    case pidfd(pid: pid_t, errno: Int32)

    var description: String {
        switch self {
        case .noPidfd: "glibc has no pidfd_open: the tests need glibc 2.36 or later (Debian 12)"
        case .pidfd(let pid, let code): "pidfd_open(\(pid)) failed: \(String(cString: strerror(code))) (errno \(code))"
        }
    }
}
