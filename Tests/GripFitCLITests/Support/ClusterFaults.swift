import Foundation
import Glibc
import PostgresTestSupport

/// What a failing server looks like from outside, done to a dedicated test cluster: its processes
/// found by their working directory (the postmaster and every child run in the data directory, and
/// a backend left by a killed postmaster still does), stopped, resumed, waited on.
extension TestPostgres {
    /// The data directory, as the kernel shows a process's working directory.
    private var dataDirectory: String {
        guard let resolved = realpath(directory + "/data", nil) else { return directory + "/data" }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Every process of this cluster now.
    var processes: [pid_t] {
        let data = dataDirectory
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")) == data
        }
    }

    /// Sends `signal` to every process of the cluster (SIGSTOP: a server that stops answering, its
    /// sockets still open and acknowledged by the kernel).
    func signalAll(_ signal: Int32) {
        for pid in processes { kill(pid, signal) }
    }

    /// Waits until no process of the cluster is left (a killed postmaster's backends end when they
    /// next wait for their client); false if some still run at `deadline`.
    func awaitGone(before deadline: ContinuousClock.Instant) throws -> Bool {
        while let pid = processes.first {
            guard try ProcessExit.awaitExit(of: pid, before: deadline) else { return false }
        }
        return try clearStaleLock(before: deadline)
    }

    /// A killed postmaster nobody has reaped yet (this sandbox's init may not) is a zombie, which the
    /// next postmaster's `kill(pid, 0)` takes for a live server: its lock files (the data
    /// directory's and the socket's) go, as an administrator would remove them once `ps` shows no
    /// server. A postmaster still exiting has already left its working directory, so it is not among
    /// ``processes``: its exit is waited for first (a busy machine widened that window, and the next
    /// start found the lock of a postmaster not yet a zombie); false if it still runs at `deadline`.
    private func clearStaleLock(before deadline: ContinuousClock.Instant) throws -> Bool {
        let lock = directory + "/data/postmaster.pid"
        guard let text = try? String(contentsOfFile: lock, encoding: .utf8),
            let pid = text.split(separator: "\n").first.flatMap({ Int32($0) })
        else { return true }
        guard try ProcessExit.awaitExit(of: pid, before: deadline) else { return false }
        unlink(lock)
        unlink(directory + "/.s.PGSQL.\(port).lock")
        return true
    }

    /// The shell command that ends this cluster `how`, for a server process to run (`COPY … TO
    /// PROGRAM`, as the server's user) from inside a statement of the batch under test. It reads
    /// what the COPY sends first: a program gone before then fails the COPY ("Broken pipe").
    func killCommand(_ how: ServerDeath) -> String {
        "cat >/dev/null; " + ending(how)
    }

    private func ending(_ how: ServerDeath) -> String {
        switch how {
        case .killed: "kill -9 $(head -1 '\(directory)/data/postmaster.pid')"
        // Out of the backend's process group, which the shutdown's SIGQUIT reaches: the COPY must
        // not fail first on its program's death (an error only this injection makes).
        case .stoppedImmediately: "setsid '\(binaries)/pg_ctl' -D '\(directory)/data' -m immediate -W stop </dev/null >/dev/null 2>&1 &"
        }
    }
}

/// How the server dies mid-batch.
enum ServerDeath: CaseIterable, CustomStringConvertible {
    /// The postmaster killed with SIGKILL: its backends run on until they next wait for their client.
    case killed
    /// `pg_ctl stop -m immediate`: every server process quits at once.
    case stoppedImmediately

    var description: String {
        switch self {
        case .killed: "kill -9"
        case .stoppedImmediately: "pg_ctl stop -m immediate"
        }
    }
}
