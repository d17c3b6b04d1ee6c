import GripFitRecords

/// Splits a JSON export's bytes, fed in chunks of any size, into its top-level members and the
/// elements of its `sessions` array, without building the document: an import holds one session
/// at a time, however large the file. Strings and their escapes are followed, so a bracket or a
/// quote inside a label does not count; nesting is counted; each piece is capped
/// (``maximumPieceBytes``) and one that grows past it is refused naming the line it starts on.
/// The pieces are checked by the decoder, not here: this only finds where each one ends.
public struct ExportSplitter {
    public enum Piece: Equatable {
        /// A top-level member other than `sessions`: its key and its value's JSON.
        case member(key: String, value: [UInt8])
        /// One element of `sessions`: its JSON and the line it starts on.
        case session([UInt8], line: Int)
    }

    /// A session of a long recording is a few MB of JSON; far more is not an export's.
    public static let maximumPieceBytes = 64 << 20

    private enum Kind {
        case container, string, scalar
    }

    private var depth = 0
    private var line = 1
    private var inString = false
    private var escaped = false
    private var expectingKey = false
    private var key: [UInt8]?
    private var currentKey = ""
    private var inSessions = false
    private var capture: [UInt8]?
    private var captureKind = Kind.scalar
    private var captureDepth = 0
    private var captureLine = 1
    private var finished = false
    /// Whether the document has a `sessions` array, and how many elements it has held so far.
    public private(set) var hasSessions = false
    public private(set) var sessionCount = 0
    /// False on the pass that only wants the members: session elements are walked, not kept.
    private let keepsSessions: Bool

    public init(keepsSessions: Bool = true) {
        self.keepsSessions = keepsSessions
    }

    /// The pieces that end in `bytes`.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(StoreError) -> [Piece] {
        var pieces: [Piece] = []
        for byte in bytes { try step(byte, into: &pieces) }
        return pieces
    }

    /// Fails when the document has not ended: a file cut short.
    public func finish() throws(StoreError) {
        guard finished else { throw .badImport(line: line, reason: "it is not valid JSON (the file ends inside it)") }
    }

    private mutating func step(_ byte: UInt8, into pieces: inout [Piece]) throws(StoreError) {
        if byte == UInt8(ascii: "\n") { line += 1 }
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                if let name = key {
                    currentKey = String(decoding: name, as: UTF8.self)
                    key = nil
                    return
                }
            }
            if key != nil {
                key?.append(byte)
                return
            }
            try append(byte)
            if !inString, captureKind == .string, depth == captureDepth { finishCapture(into: &pieces) }
            return
        }
        let isWhitespace = byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        let isDelimiter = byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
        if capture != nil, captureKind == .scalar, isWhitespace || isDelimiter { finishCapture(into: &pieces) }
        if finished {
            guard isWhitespace else { throw .badImport(line: line, reason: "it is not valid JSON (more follows the document)") }
            return
        }
        switch byte {
        case _ where isWhitespace:
            if capture != nil { try append(byte) }
        case UInt8(ascii: "\""):
            inString = true
            if depth == 1, capture == nil, expectingKey {
                key = []
            } else {
                if capture == nil { startCapture(.string) }
                try append(byte)
            }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if depth == 0 {
                guard byte == UInt8(ascii: "{") else { throw .badImport(line: line, reason: "it is not valid JSON") }
                depth = 1
                expectingKey = true
                return
            }
            if capture == nil {
                if depth == 1, currentKey == "sessions", byte == UInt8(ascii: "[") {
                    inSessions = true
                    hasSessions = true
                    depth = 2
                    return
                }
                startCapture(.container)
            }
            try append(byte)
            depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if capture != nil {
                try append(byte)
                if depth == captureDepth { finishCapture(into: &pieces) }
            } else if depth == 1, inSessions {
                inSessions = false
            } else if depth == 0 {
                finished = true
            } else if depth < 0 {
                throw .badImport(line: line, reason: "it is not valid JSON")
            }
        case UInt8(ascii: ":") where depth == 1 && capture == nil:
            expectingKey = false
        case UInt8(ascii: ",") where depth == 1 && capture == nil:
            expectingKey = true
        case UInt8(ascii: ",") where depth == 2 && inSessions && capture == nil:
            break
        default:
            guard depth > 0 else { throw .badImport(line: line, reason: "it is not valid JSON") }
            if capture == nil { startCapture(.scalar) }
            try append(byte)
        }
    }

    private mutating func startCapture(_ kind: Kind) {
        capture = []
        captureKind = kind
        captureDepth = depth
        captureLine = line
    }

    private mutating func append(_ byte: UInt8) throws(StoreError) {
        guard capture != nil else { return }
        if inSessions, !keepsSessions { return }
        capture?.append(byte)
        if let count = capture?.count, count > Self.maximumPieceBytes {
            let what = inSessions ? "a session" : "\"\(currentKey)\""
            throw .badImport(line: captureLine, reason: "\(what) starting on this line is larger than \(Self.maximumPieceBytes >> 20) MiB")
        }
    }

    private mutating func finishCapture(into pieces: inout [Piece]) {
        guard let bytes = capture else { return }
        capture = nil
        if inSessions {
            sessionCount += 1
            if keepsSessions { pieces.append(.session(bytes, line: captureLine)) }
        } else {
            pieces.append(.member(key: currentKey, value: bytes))
        }
    }
}
