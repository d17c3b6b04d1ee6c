@testable import GripFitCore

/// The framer as it was before it worked on contiguous bytes: one byte at a time, each appended to
/// the buffer and checked against the limit. Kept as the specification the fast framer must match.
struct ReferenceLineFramer {
    let maximumLineLength: Int
    private var buffer: [UInt8] = []
    private var discarding = false

    init(maximumLineLength: Int) {
        self.maximumLineLength = maximumLineLength
    }

    mutating func append(_ bytes: [UInt8]) -> [LineFramer.Output] {
        var outputs: [LineFramer.Output] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if discarding {
                    discarding = false
                } else if let output = finishLine() {
                    outputs.append(output)
                }
                buffer.removeAll()
                continue
            }
            if discarding { continue }
            buffer.append(byte)
            if buffer.count > maximumLineLength + 1
                || (buffer.count == maximumLineLength + 1 && byte != UInt8(ascii: "\r"))
            {
                outputs.append(.error(.lineTooLong(head: Array(buffer.prefix(maximumLineLength)))))
                buffer.removeAll()
                discarding = true
            }
        }
        return outputs
    }

    private func finishLine() -> LineFramer.Output? {
        var bytes = buffer[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        if bytes.isEmpty { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .error(.invalidUTF8(Array(bytes))) }
        return .line(text)
    }
}
