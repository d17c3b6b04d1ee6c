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
        clearStaleLock()
        return true
    }

    /// A killed postmaster nobody has reaped yet (this sandbox's init may not) is a zombie, which the
    /// next postmaster's `kill(pid, 0)` takes for a live server: its lock files (the data
    /// directory's and the socket's) go, as an administrator would remove them once `ps` shows no server.
    private func clearStaleLock() {
        let lock = directory + "/data/postmaster.pid"
        guard let text = try? String(contentsOfFile: lock, encoding: .utf8),
            let pid = text.split(separator: "\n").first.flatMap({ Int32($0) })
        else { return }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // The state follows the command's closing parenthesis.
        let state = stat.range(of: ")", options: .backwards).map { stat[$0.upperBound...].dropFirst().first } ?? nil
        if stat.isEmpty || state == "Z" {
            unlink(lock)
            unlink(directory + "/.s.PGSQL.\(port).lock")
        }
    }

    /// Whether a client has sent this cluster bytes its server has not read: what a statement sent
    /// to a stopped server looks like (`/proc/net/tcp`: the server side's receive queue).
    var holdsUnreadStatement: Bool {
        let table = Self.procFile("/proc/net/tcp")
        return table.split(separator: "\n").dropFirst().contains { line in
            let fields = line.split(separator: " ")
            guard fields.count > 4, let local = fields[1].split(separator: ":").last, Int(local, radix: 16) == port,
                let received = fields[4].split(separator: ":").last, let queued = Int(received, radix: 16)
            else { return false }
            return queued > 0
        }
    }

    /// A /proc file whole: its size reads as 0, and Foundation's whole-file readers stop after the first page.
    private static func procFile(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
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
