import Dispatch
import Foundation
import Glibc
import GripFitOutput

extension PDFRenderer {
    /// Runs the renderer in a process group of its own, so a timeout stops Chromium's zygote and
    /// renderer children with it, not only the parent. The exit is awaited by `waitid` on a thread
    /// (no polling) with `WNOWAIT`: the parent stays unreaped, its pid and group cannot be reused,
    /// until the whole group has been signalled. Returns the wait status.
    func runInOwnGroup(arguments: [String], environment: [String], logDescriptor: Int32) throws(PDFRenderError) -> Int32 {
        let pid = try spawn(arguments: arguments, environment: environment, logDescriptor: logDescriptor)
        let exited = DispatchSemaphore(value: 0)
        // The thread only waits; it never reaps, so `pid` stays this child's until `waitpid` below.
        Thread.detachNewThread {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
            exited.signal()
        }
        let timedOut = exited.wait(timeout: .now() + .nanoseconds(Self.nanoseconds(timeout))) == .timedOut
        if timedOut {
            // SIGTERM first, for Chromium to take its helpers down; SIGKILL to the group in 2 s.
            kill(-pid, SIGTERM)
            let stopped = exited.wait(timeout: .now() + .seconds(2)) == .success
            kill(-pid, SIGKILL)
            if !stopped { exited.wait() }
        }
        // Whatever is left of the group (helpers of a parent that exited, or one that ignored SIGTERM)
        // goes now, before the temporary directory is removed under it.
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        var reaped = waitpid(pid, &status, 0)
        while reaped < 0, errno == EINTR { reaped = waitpid(pid, &status, 0) }
        guard reaped == pid else {
            throw .renderFailed(renderer: executable, reason: "cannot wait for it (\(ErrnoText(errno).message))")
        }
        if timedOut { throw .timedOut(renderer: executable, seconds: Int(timeout.components.seconds)) }
        return status
    }

    /// posix_spawn with the group set (`POSIX_SPAWN_SETPGROUP`, group 0: the child's own pid), stdin
    /// from /dev/null, stdout and stderr to the log, signals back to their defaults and unblocked;
    /// `environment` as `NAME=value` strings.
    private func spawn(arguments: [String], environment: [String], logDescriptor: Int32) throws(PDFRenderError) -> pid_t {
        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        posix_spawnattr_init(&attributes)
        posix_spawn_file_actions_init(&actions)
        defer {
            posix_spawnattr_destroy(&attributes)
            posix_spawn_file_actions_destroy(&actions)
        }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, logDescriptor, 1)
        posix_spawn_file_actions_adddup2(&actions, logDescriptor, 2)
        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.map { strdup($0) }
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let result = (argv + [nil]).withUnsafeBufferPointer { arguments in
            (envp + [nil]).withUnsafeBufferPointer { environment in
                guard let argv = arguments.baseAddress, let envp = environment.baseAddress else { return EINVAL }
                return posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            }
        }
        guard result == 0 else {
            throw .renderFailed(renderer: executable, reason: "cannot start it (\(ErrnoText(result).message))")
        }
        return pid
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let capped = min(seconds, Int64(Int.max / 1_000_000_000 - 1))
        return Int(capped) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}
