/// Turns a byte stream into complete lines.
///
/// BLE notifications and USB reads split lines anywhere, so bytes are buffered until `\n`
/// (a `\r` before it is dropped). The buffer is bounded: a line longer than `maximumLineLength`
/// is reported once as ``FramingError/lineTooLong(head:)`` and discarded up to the next `\n`,
/// which is where the stream resynchronises.
public struct LineFramer: Sendable {
    /// One unit of framer output, in stream order.
    public enum Output: Equatable, Sendable {
        case line(String)
        case error(FramingError)
    }

    public static let defaultMaximumLineLength = 256

    public let maximumLineLength: Int
    private var buffer: [UInt8] = []
    private var discarding = false

    public init(maximumLineLength: Int = LineFramer.defaultMaximumLineLength) {
        precondition(maximumLineLength > 0, "a line must be allowed at least one byte")
        self.maximumLineLength = maximumLineLength
        buffer.reserveCapacity(maximumLineLength + 1)
    }

    /// Bytes held for an unfinished line.
    public var pendingByteCount: Int { buffer.count }

    /// Appends received bytes and returns every line (or framing error) they complete.
    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) -> [Output] where Bytes.Element == UInt8 {
        var outputs: [Output] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if discarding {
                    discarding = false
                } else if let output = finishLine() {
                    outputs.append(output)
                }
                buffer.removeAll(keepingCapacity: true)
                continue
            }
            if discarding { continue }
            buffer.append(byte)
            // One extra byte is allowed for the `\r` of a `\r\n` ending.
            if buffer.count > maximumLineLength + 1
                || (buffer.count == maximumLineLength + 1 && byte != UInt8(ascii: "\r"))
            {
                outputs.append(.error(.lineTooLong(head: Array(buffer.prefix(maximumLineLength)))))
                buffer.removeAll(keepingCapacity: true)
                discarding = true
            }
        }
        return outputs
    }

    /// Forgets any partial line, as after a disconnect: its tail will never arrive.
    public mutating func reset() {
        buffer.removeAll(keepingCapacity: true)
        discarding = false
    }

    private func finishLine() -> Output? {
        var bytes = buffer[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        if bytes.isEmpty { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .error(.invalidUTF8(Array(bytes)))
        }
        return .line(text)
    }
}
