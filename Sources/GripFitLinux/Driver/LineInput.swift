import Glibc
import GripFitCore

/// Lines a program writes to a descriptor (`monitor --commands -`: stdin), read in the session's
/// poll loop as the port is: woken when there is input, never a thread of its own or a sleep, so
/// end of file is seen the moment it comes. Framed by the same bounded ``LineFramer`` as the port;
/// a last line without its newline still counts at end of file.
public final class LineInput: LinkEventSource {
    /// -1 once the input has ended, so poll() ignores it instead of reporting end of file forever.
    public private(set) var fileDescriptor: Int32
    /// Each line, or a line too long or not UTF-8, in the order they came.
    public var onLine: (LineFramer.Output) -> Void = { _ in }
    /// Once: at end of file (nil), or when reading failed (the failure, with its errno).
    public var onEnd: (SystemError?) -> Void = { _ in }

    private var framer: LineFramer
    private let name: String
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// `name` says which input a failure is about (`stdin`); lines longer than `maximumLineLength`
    /// bytes are reported as too long.
    public init(fileDescriptor: Int32 = STDIN_FILENO, name: String = "stdin", maximumLineLength: Int = 4096) {
        self.fileDescriptor = fileDescriptor
        self.name = name
        framer = LineFramer(maximumLineLength: maximumLineLength)
    }

    /// One read per wake-up: poll() said there is input, so it does not block.
    public func readInputs() -> [LinkInput] {
        guard fileDescriptor >= 0 else { return [] }
        let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        let error = errno
        if count > 0 {
            for output in framer.append(buffer.prefix(count)) { onLine(output) }
        } else if count == 0 {
            end(nil)
        } else if error != EINTR, error != EAGAIN {
            end(SystemError(call: "read(\(name))", errno: error))
        }
        return []
    }

    private func end(_ failure: SystemError?) {
        fileDescriptor = -1
        if framer.pendingByteCount > 0 {
            for output in framer.append([UInt8(ascii: "\n")]) { onLine(output) }
        }
        onEnd(failure)
    }
}
