import Glibc
import Synchronization

/// Stops a test cluster and removes its directory when released, or when the test process ends however it
/// ends (a crash, SIGKILL, a cancelled CI job): a small `sh` waiting on a pipe whose only writer is this
/// process, so it reads end-of-file when the process is gone. No `prctl`, no polling, no pid files.
final class ClusterWatchdog: Sendable {
    /// The pipe's write end, never written; -1 once released.
    private let writeEnd: Mutex<Int32>
    private let pid: pid_t

    /// Starts the watcher: at end-of-file it runs `pgCtl -D directory/data stop -m immediate`
    /// (`pgCtl` with its `runuser` prefix when root), then removes `directory`.
    init(directory: String, pgCtl: [String]) throws(TestPostgresError) {
        // The write end is O_CLOEXEC: no other child of this process (pg_ctl, the server, the binary under test)
        // may hold it, or the watcher would never see end-of-file.
        let ends = try Subprocess.pipe()
        // Signals from the terminal or the CI runner reach the whole process group: the watcher ignores
        // them and still stops the server once the test process is gone.
        let script = """
            trap '' HUP INT TERM QUIT
            read -r _
            dir=$1; shift
            "$@" -D "$dir/data" stop -m immediate >/dev/null 2>&1
            rm -rf -- "$dir"
            """
        // Not the test's stderr: a CI step reading it to its end would wait for the watcher.
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer {
            close(null)
            close(ends.read)
        }
        let pid: pid_t
        do {
            pid = try Subprocess.spawn(["/bin/sh", "-c", script, "sh", directory] + pgCtl, in: "/", input: ends.read, output: null)
        } catch {
            close(ends.write)
            throw error
        }
        self.pid = pid
        self.writeEnd = Mutex(ends.write)
    }

    deinit {
        release()
    }

    /// Stops the cluster and removes its directory, and waits until that is done. Only the first call acts.
    func release() {
        let fd = writeEnd.withLock { fd in
            defer { fd = -1 }
            return fd
        }
        guard fd >= 0 else { return }
        close(fd)
        _ = Subprocess.wait(for: pid)
    }
}
