import Foundation
import Glibc

/// The built binary in a real terminal: a private tmux server (its own socket, no user config)
/// with one window of a given size, so tests can read what a user would see (`capture-pane`),
/// type keys and resize the window.
final class TmuxSession {
    private let socket = "gripfit-test-\(UUID().uuidString.prefix(8))"

    /// Runs `arguments` of the binary with `environment` added, then prints `EXIT=<status>` and the
    /// terminal settings (`stty -a`), and stays open so the last screen can be read. With `pidFile`,
    /// the binary's process id is written there first, for tests that signal it.
    init(
        width: Int, height: Int = 30, environment: [String: String], pidFile: String? = nil, _ arguments: [String]
    ) throws {
        let assignments = environment.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        var command = ([CLIProcess.binary.path] + arguments).map(Self.quoted).joined(separator: " ")
        if let pidFile { command = "sh -c " + Self.quoted("echo $$ > \(Self.quoted(pidFile)); exec \"$0\" \"$@\"") + " " + command }
        let script = "env \(assignments) \(command); echo EXIT=$?; stty -a; sleep 120"
        try tmux(["new-session", "-d", "-x", String(width), "-y", String(height), "sh", "-c", script])
    }

    deinit {
        try? tmux(["kill-server"])
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

    /// Polls the screen until `condition` holds; the screen then, or nil after `seconds`.
    func waitFor(seconds: Double = 20, _ condition: ([String]) -> Bool) -> [String]? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let screen = capture()
            if condition(screen) { return screen }
            usleep(100_000)
        }
        return nil
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
