/// Turns a byte stream into complete lines.
///
/// BLE notifications and USB reads split lines anywhere, so bytes are buffered until `\n`
/// (a `\r` before it is dropped). The buffer is bounded: a line longer than `maximumLineLength`
/// is reported once as ``FramingError/lineTooLong(head:)`` and discarded up to the next `\n`,
/// which is where the stream resynchronises.
///
/// ``frame(_:_:)`` is the hot path: it scans contiguous storage for each `\n` and lends out each
/// line as a byte view, straight into the caller's chunk or, for a line split across chunks, into
/// one buffer reused for the whole stream, so a reading costs no allocation.
/// ``append(_:)`` is the same framing collected into `String`s, for callers that are not hot.
public struct LineFramer: Sendable {
    /// One unit of framer output, in stream order.
    public enum Output: Equatable, Sendable {
        case line(String)
        case error(FramingError)
    }

    /// One unit of ``frame(_:_:)`` output. A line is valid UTF-8 without its line ending, and its
    /// bytes are only valid during the call that lends them.
    public enum Frame {
        case line(UnsafeBufferPointer<UInt8>)
        case error(FramingError)
    }

    public static let defaultMaximumLineLength = 256

    public let maximumLineLength: Int
    /// The start of a line whose `\n` has not arrived yet; never more than `maximumLineLength + 1` bytes.
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
        let collect = { (frame: Frame) in
            switch frame {
            case .line(let line): outputs.append(.line(String(decoding: line, as: UTF8.self)))
            case .error(let error): outputs.append(.error(error))
            }
        }
        if bytes.withContiguousStorageIfAvailable({ frame($0, collect) }) == nil {
            Array(bytes).withUnsafeBufferPointer { frame($0, collect) }
        }
        return outputs
    }

    /// Frames `bytes` and calls `body` with every line (or framing error) they complete, in order.
    /// `body` must not use this framer: it is being mutated for the whole call.
    public mutating func frame(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Frame) throws -> Void) rethrows {
        var start = 0
        while start < bytes.count {
            let newline = Self.firstNewline(in: bytes, from: start)
            let segment = UnsafeBufferPointer(rebasing: bytes[start..<(newline ?? bytes.count)])
            start = (newline ?? bytes.count) + 1
            if discarding {
                if newline != nil { discarding = false }
                continue
            }
            if let head = overflowHead(adding: segment) {
                buffer.removeAll(keepingCapacity: true)
                discarding = newline == nil
                try body(.error(.lineTooLong(head: head)))
                continue
            }
            guard newline != nil else {
                buffer.append(contentsOf: segment)
                continue
            }
            if buffer.isEmpty {
                // The whole line is in this chunk: lend it out without copying.
                try finishLine(segment, body)
            } else {
                buffer.append(contentsOf: segment)
                defer { buffer.removeAll(keepingCapacity: true) }
                try buffer.withUnsafeBufferPointer { try finishLine($0, body) }
            }
        }
    }

    /// Forgets any partial line, as after a disconnect: its tail will never arrive.
    public mutating func reset() {
        buffer.removeAll(keepingCapacity: true)
        discarding = false
    }

    /// The first bytes of the line when `segment` takes it past the limit, else nil. One byte more
    /// than the limit is allowed while it may be the `\r` of a `\r\n` ending.
    private func overflowHead(adding segment: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let length = buffer.count + segment.count
        guard length > maximumLineLength else { return nil }
        let extra = maximumLineLength < buffer.count ? buffer[maximumLineLength] : segment[maximumLineLength - buffer.count]
        if length == maximumLineLength + 1, extra == UInt8(ascii: "\r") { return nil }
        return Array((buffer + segment).prefix(maximumLineLength))
    }

    private func finishLine(_ line: UnsafeBufferPointer<UInt8>, _ body: (Frame) throws -> Void) rethrows {
        var line = line
        if line.last == UInt8(ascii: "\r") { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
        if line.isEmpty { return }
        guard Self.isValidUTF8(line) else {
            try body(.error(.invalidUTF8(Array(line))))
            return
        }
        try body(.line(line))
    }

    /// A plain loop over the pointer: lines are short, and no byte goes through a `Sequence` witness.
    private static func firstNewline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { return index }
            index += 1
        }
        return nil
    }

    /// ASCII (every reading) is checked without decoding; anything else goes through the standard
    /// library's validator, so the rules stay exactly those of `String(validating:)`.
    private static func isValidUTF8(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var high: UInt8 = 0
        for byte in line { high |= byte }
        return high < 0x80 || String(validating: line, as: UTF8.self) != nil
    }
}
