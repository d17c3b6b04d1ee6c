import Glibc

/// Waits for a process that is not our child to end, as an event: a pidfd (Linux 5.3, glibc 2.36)
/// becomes readable when its process exits, a zombie included, so nothing polls /proc in a loop.
enum ProcessExit {
    private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32

    /// glibc's pidfd_open, looked up at run time: Swift's Glibc module does not import <sys/pidfd.h>.
    private static let pidfdOpen: PidfdOpen? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open")
        .map { unsafeBitCast($0, to: PidfdOpen.self) }

    /// True once `pid` has exited (or never existed), false if it still runs at `deadline`, which only bounds a hang.
    static func awaitExit(of pid: pid_t, before deadline: ContinuousClock.Instant) throws(ProcessExitError) -> Bool {
        guard let descriptor = try descriptor(of: pid) else { return true }
        defer { close(descriptor) }
        while true {
            let left = deadline - .now
            guard left > .zero else { return false }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watched, 1, Int32(min(left.components.seconds * 1000 + 1, 60_000)))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return false }
        }
    }

    /// A pidfd for `pid`, readable once it has exited; nil if it has already gone.
    static func descriptor(of pid: pid_t) throws(ProcessExitError) -> Int32? {
        guard let pidfdOpen else { throw .noPidfd }
        let descriptor = pidfdOpen(pid, 0)
        guard descriptor >= 0 else {
            if errno == ESRCH { return nil }
            throw .pidfd(pid: pid, errno: errno)
        }
        return descriptor
    }
}
