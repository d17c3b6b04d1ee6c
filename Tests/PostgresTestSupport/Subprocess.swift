import CGripFitShims
import Foundation
import Glibc

/// Runs initdb, pg_ctl, psql and the watchdog with posix_spawn and waitpid. Not Foundation's `Process`: it learns
/// that a child ended from a socket the child inherits, and pg_ctl's server inherits it too, so `pg_ctl start`
/// would never seem to end.
enum Subprocess {
    /// Starts `arguments` (a path first) in `directory` with `input` as stdin and `output` as stdout and stderr.
    static func spawn(_ arguments: [String], in directory: String, input: Int32, output: Int32) throws(TestPostgresError) -> pid_t {
        // The server user may not enter the test's working directory (root's home): cd first.
        let command = ["/bin/sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", directory] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears O_CLOEXEC on the copies.
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        // Nothing else of the test process: the server pg_ctl leaves running, and the watchdog, would otherwise keep
        // its sockets and ptys open (a connection the test closed would stay open, a pty never hang up).
        if let closeFrom = closeFrom() { _ = closeFrom(&actions, 3) }
        var argv = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, environ)
        guard status == 0 else { throw TestPostgresError(message: "posix_spawn /bin/sh for \(arguments[0]): \(errnoText(status))") }
        return pid
    }

    /// Runs a command to its end: its output, or an error naming the command and quoting what it printed.
    @discardableResult
    static func run(_ arguments: [String], in directory: String) throws(TestPostgresError) -> String {
        let ends = try pipe()
        let pid: pid_t
        do {
            pid = try spawn(arguments, in: directory, input: ends.read, output: ends.write)
        } catch {
            close(ends.read)
            close(ends.write)
            throw error
        }
        close(ends.write)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(ends.read, $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(ends.read)
        let status = wait(for: pid)
        let text = String(decoding: output, as: UTF8.self)
        guard status == 0 else {
            throw TestPostgresError(message: "\(arguments.joined(separator: " ")) failed (wait status \(status)): \(text)")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34, Debian 12), which the Swift overlay does not expose
    /// (it is `_GNU_SOURCE`); nil with an older C library, where the children keep what they inherit.
    private static func closeFrom() -> ClosingFrom? {
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: ClosingFrom.self) }
    }

    private typealias ClosingFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// A pipe whose ends are O_CLOEXEC from the start (tests spawn processes on other threads) and blocking.
    static func pipe() throws(TestPostgresError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard gripfit_pipe(&ends) == 0 else { throw TestPostgresError(message: "pipe2: \(errnoText(errno))") }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) & ~O_NONBLOCK) }
        return (ends[0], ends[1])
    }

    /// The child's wait status (0: exited with 0).
    static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        return status
    }

    static func errnoText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
