import Glibc

/// Writes straight to file descriptors 1 and 2, unbuffered, so a pipe reader sees each event as it
/// happens. A closed pipe (`| head`) ends the run cleanly instead of killing it with SIGPIPE.
enum StandardOutput {
    /// False once stdout is gone.
    @discardableResult
    static func line(_ text: String) -> Bool {
        write(text + "\n")
    }

    @discardableResult
    static func write(_ text: String) -> Bool {
        writeAll(STDOUT_FILENO, Array(text.utf8))
    }

    /// Bytes already encoded, such as a batch of events.
    @discardableResult
    static func write(_ bytes: [UInt8]) -> Bool {
        writeAll(STDOUT_FILENO, bytes)
    }

    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// A terminal that can redraw in place: stdout is one and TERM is set and not `dumb`.
    static var isCapableTerminal: Bool {
        isTerminal && canRedraw(term: getenv("TERM").map { String(cString: $0) })
    }

    /// Whether a terminal of type `term` (TERM's value) can redraw in place: set, and not `dumb`.
    static func canRedraw(term: String?) -> Bool {
        guard let term else { return false }
        return !term.isEmpty && term != "dumb"
    }

    static func error(_ text: String) {
        _ = writeAll(STDERR_FILENO, Array((text + "\n").utf8))
    }

    /// A closed pipe then fails with EPIPE, which ``write(_:)`` reports.
    static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
