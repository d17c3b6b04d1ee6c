import Glibc
import GripFitCore

/// Single keys from the user's terminal while a live view runs: canonical mode and echo off, so a
/// key arrives at once and does not scribble on the view. Signals stay on (Ctrl-C still stops the
/// session through its ``SignalPipe``). ``restore()`` puts the terminal back as it was; it runs on
/// every way out: a normal end, a signal, a thrown error (deinit).
public final class TerminalInput: LinkEventSource {
    /// -1 once the input has ended, so poll() ignores it instead of reporting end of file forever.
    public private(set) var fileDescriptor: Int32
    /// Called with each byte typed.
    public var onKey: (UInt8) -> Void = { _ in }

    private var saved: termios?
    private let terminal: Int32

    /// Nil when `fileDescriptor` is not a terminal: there are no keys to read.
    public init?(fileDescriptor: Int32 = STDIN_FILENO) throws(SystemError) {
        guard isatty(fileDescriptor) == 1 else { return nil }
        self.fileDescriptor = fileDescriptor
        terminal = fileDescriptor
        var settings = termios()
        guard tcgetattr(fileDescriptor, &settings) == 0 else { throw SystemError(call: "tcgetattr(stdin)", errno: errno) }
        saved = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(fileDescriptor, TCSANOW, &settings) == 0 else {
            throw SystemError(call: "tcsetattr(stdin)", errno: errno)
        }
    }

    deinit {
        restore()
    }

    /// The terminal settings from before; safe to call more than once.
    public func restore() {
        guard var settings = saved else { return }
        saved = nil
        _ = tcsetattr(terminal, TCSANOW, &settings)
    }

    public func readInputs() -> [LinkInput] {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(fileDescriptor, &bytes, bytes.count)
        if count > 0 {
            for byte in bytes.prefix(count) { onKey(byte) }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            fileDescriptor = -1
        }
        return []
    }
}
