import Foundation
import Glibc
import ScratchSupport

/// The built binary in a real terminal: a private tmux server (its own socket, no user config)
/// with one window of a given size, so tests can read what a user would see (`capture-pane`),
/// type keys and resize the window. The pane's output is also piped to a FIFO (`pipe-pane`): tmux
/// writes it there after drawing it, so a test reads the screen again only when something was drawn.
final class TmuxSession {
    private let socket = "gripfit-test-\(UUID().uuidString.prefix(8))"
    private let fifo: String
    /// Opened read-write, so the FIFO always has a writer and never reads as hung up.
    private let drawn: Int32
    /// The program has ended: its script drew `EXIT=`.
    private var ended = false

    /// Runs `arguments` of the binary with `environment` added, then prints `EXIT=<status>` and the
    /// terminal settings (`stty -a`), and stays open so the last screen can be read. With `pidFile`,
    /// the binary's process id is written there first, for tests that signal it.
    init(
        width: Int,
        height: Int = 30,
        environment: [String: String],
        pidFile: String? = nil,
        _ arguments: [String]
    ) throws {
        let assignments = environment.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        var command = ([CLIProcess.binary.path] + arguments).map(Self.quoted).joined(separator: " ")
        if let pidFile { command = "sh -c " + Self.quoted("echo $$ > \(Self.quoted(pidFile)); exec \"$0\" \"$@\"") + " " + command }
        let script = "env \(assignments) \(command); echo EXIT=$?; stty -a; sleep 120"
        fifo = Scratch.directory("gripfit-tmux") + "/drawn"
        guard mkfifo(fifo, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        drawn = open(fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard drawn >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        try tmux(["new-session", "-d", "-x", String(width), "-y", String(height), "sh", "-c", script])
        // What was drawn before the pipe is on the screen, which each wait reads first.
        try tmux(["pipe-pane", "cat >> " + Self.quoted(fifo)])
    }

    deinit {
        try? tmux(["kill-server"])
        close(drawn)
    }

    /// The screen, one string per row, trailing blanks trimmed; `joined` puts wrapped rows back together.
    func capture(joined: Bool = false) -> [String] {
        let output = (try? tmuxOutput(["capture-pane", "-p"] + (joined ? ["-J"] : []))) ?? ""
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map { row in
            String(row.reversed().drop { $0 == " " }.reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Reads the screen each time something is drawn until `condition` holds; the screen then, or nil
    /// after `seconds` (a bound on a hang only).
    func waitFor(seconds: Double = 20, _ condition: ([String]) -> Bool) -> [String]? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        repeat {
            let screen = capture()
            if condition(screen) { return screen }
        } while !awaitDrawing(before: deadline).isEmpty
        return nil
    }

    /// Waits until the program has drawn `times` more times (each a write the pane received);
    /// false if it had not by `seconds`, or if it ended first (the script's `EXIT=` was drawn).
    func awaitDrawings(_ times: Int, seconds: Double = 20) -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        _ = drain()
        for _ in 0..<times {
            guard !ended, !awaitDrawing(before: deadline).isEmpty, !ended else { return false }
        }
        return true
    }

    /// What was drawn since the last call, waiting for something until `deadline`; nothing once it has passed.
    private func awaitDrawing(before deadline: ContinuousClock.Instant) -> [UInt8] {
        while true {
            let left = deadline - .now
            guard left > .zero else { return [] }
            var watched = pollfd(fd: drawn, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watched, 1, Int32(left.components.seconds * 1000 + 1))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return [] }
            let bytes = drain()
            if !bytes.isEmpty { return bytes }
        }
    }

    /// Everything the FIFO holds now; notes the program's end (the script's `EXIT=`) on the way.
    private func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(drawn, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        if String(decoding: bytes, as: UTF8.self).contains("EXIT=") { ended = true }
        return bytes
    }

    func send(_ keys: String) {
        try? tmux(["send-keys", "-l", keys])
    }

    func resize(width: Int) {
        try? tmux(["resize-window", "-x", String(width)])
    }

    /// Runs one tmux command with its output discarded; system(3) waits for the client alone.
    /// (Foundation's Process would also wait for the server, which inherits the client's
    /// descriptors and lives on; so would a pipe the server inherits.)
    private func tmux(_ arguments: [String]) throws {
        _ = system(command(arguments) + " </dev/null >/dev/null 2>&1")
    }

    /// Runs a tmux command that cannot start the server and returns what it printed.
    private func tmuxOutput(_ arguments: [String]) throws -> String {
        guard let stream = popen(command(arguments) + " </dev/null 2>/dev/null", "r") else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, stream)
            if count <= 0 { break }
            output += buffer.prefix(count)
        }
        pclose(stream)
        return String(decoding: output, as: UTF8.self)
    }

    private func command(_ arguments: [String]) -> String {
        (["tmux", "-L", socket, "-f", "/dev/null"] + arguments).map(Self.quoted).joined(separator: " ")
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
