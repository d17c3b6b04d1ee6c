import CGripFitShims
import Glibc
import GripFitCore

/// SIGWINCH as a session event source, and the terminal's width: a live view redraws to fit when
/// the window changes size. Only one may exist at a time (the handler is process-wide).
public final class WindowResize: LinkEventSource {
    public let fileDescriptor: Int32
    /// Called once per batch of resizes, with the new width.
    public var onResize: (Int) -> Void = { _ in }
    private let terminal: Int32

    /// Watches the window of `terminal` (stdout by default).
    public init(terminal: Int32 = STDOUT_FILENO) throws(SystemError) {
        let fd = gripfit_winch_pipe_install()
        guard fd >= 0 else { throw SystemError(call: "pipe2/sigaction(SIGWINCH)", errno: errno) }
        fileDescriptor = fd
        self.terminal = terminal
    }

    deinit {
        gripfit_winch_pipe_uninstall()
        Glibc.close(fileDescriptor)
    }

    /// Columns now (TIOCGWINSZ); 80 when the terminal does not say, as most tools assume.
    public var columns: Int { Self.columns(of: terminal) }

    public static func columns(of terminal: Int32 = STDOUT_FILENO) -> Int {
        let columns = gripfit_terminal_columns(terminal)
        return columns > 0 ? Int(columns) : 80
    }

    public func readInputs() -> [LinkInput] {
        var byte: UInt8 = 0
        var resized = false
        while Glibc.read(fileDescriptor, &byte, 1) == 1 { resized = true }
        if resized { onResize(columns) }
        return []
    }
}
