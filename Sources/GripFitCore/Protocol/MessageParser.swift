/// Routes one complete line by its tag. Pure and total: every input gives a message or a typed error.
public enum MessageParser {
    /// Parses a line lent by ``LineFramer/frame(_:_:)`` (valid UTF-8, no line ending). A well-formed
    /// reading, nearly every line of a session, is read straight from the bytes; any other line
    /// becomes a `String` for the `String` overload, which defines the protocol.
    public static func parse(_ line: UnsafeBufferPointer<UInt8>) -> Result<Message, MessageParseError> {
        if let value = wellFormedReading(line) { return .success(.reading(value)) }
        return parse(String(decoding: line, as: UTF8.self))
    }

    /// Tags, separators and keywords are matched on bytes, never on `Character`s: a combining mark
    /// after a comma must not hide it, and a look-alike such as U+212A (canonically `K`) is not a keyword.
    public static func parse(_ line: String) -> Result<Message, MessageParseError> {
        if let body = line[...].dropPrefix("R:") { return parseReading(body, line: line) }
        if let body = line[...].dropPrefix("S:") { return parseStatus(body, line: line) }
        if let body = line[...].dropPrefix("D:") { return parseDevice(body, line: line) }
        if let body = line[...].dropPrefix("B:") {
            guard let event = parseBridge(body) else { return .failure(.init(.badBridgeLine, line: line)) }
            return .success(.bridge(event))
        }
        return .success(.unknown(line))
    }

    private static func parseReading(_ body: Substring, line: String) -> Result<Message, MessageParseError> {
        guard !body.isEmpty else { return .failure(.init(.emptyReading, line: line)) }
        guard isDecimalInteger(body) else { return .failure(.init(.nonNumericReading, line: line)) }
        guard let value = Int32(body) else { return .failure(.init(.readingOutOfRange, line: line)) }
        return .success(.reading(value))
    }

    /// The fast path: `R:` then `[+-]?[0-9]+` within Int32, all ASCII, so the general path would
    /// agree byte for byte. Anything else (errors, leading-zero runs past Int32, other tags) gives nil.
    private static func wellFormedReading(_ line: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard line.count > 2, line[0] == UInt8(ascii: "R"), line[1] == UInt8(ascii: ":") else { return nil }
        var index = 2
        let negative = line[index] == UInt8(ascii: "-")
        if negative || line[index] == UInt8(ascii: "+") { index += 1 }
        guard index < line.count else { return nil }
        var magnitude: Int64 = 0
        while index < line.count {
            let digit = line[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            magnitude = magnitude * 10 + Int64(digit)
            guard magnitude <= 1 << 31 else { return nil }
            index += 1
        }
        return Int32(exactly: negative ? -magnitude : magnitude)
    }

    private static func parseStatus(_ body: Substring, line: String) -> Result<Message, MessageParseError> {
        if let argument = body.dropPrefix("RATE:") {
            guard isDecimalInteger(argument), argument.first != "-", let ms = Int(argument), ms > 0 else {
                return .failure(.init(.badRate, line: line))
            }
            return .success(.status(.rate(ms)))
        }
        switch keyword(body) {
        case "READY": return .success(.status(.ready))
        case "NOT_READY": return .success(.status(.notReady))
        case "PONG": return .success(.status(.pong))
        case "TARED": return .success(.status(.tared))
        default: return .success(.unknown(line))
        }
    }

    private static func parseDevice(_ body: Substring, line: String) -> Result<Message, MessageParseError> {
        let (name, rest) = body.splitOnce(comma)
        guard let firmware = rest, !name.isEmpty, !firmware.isEmpty, !firmware.utf8.contains(comma) else {
            return .failure(.init(.badDeviceInfo, line: line))
        }
        return .success(.device(DeviceInfo(name: String(name), firmware: String(firmware))))
    }

    private static func parseBridge(_ body: Substring) -> BridgeEvent? {
        let (word, rest) = body.splitOnce(comma)
        switch keyword(word) {
        case "BRIDGE":
            guard let version = rest, !version.isEmpty else { return nil }
            return .hello(version: String(version))
        case "SCANNING": return rest == nil ? .scanning : nil
        case "NOT_FOUND": return rest == nil ? .notFound : nil
        case "FOUND":
            let fields = rest?.fields(separatedBy: comma, maxSplits: 2) ?? []
            guard fields.count == 3, let address = BLEAddress(fields[0]), isDecimalInteger(fields[1]),
                let rssi = Int(fields[1])
            else { return nil }
            return .found(address: address, rssi: rssi, name: String(fields[2]))
        case "CONNECTING": return rest.flatMap(BLEAddress.init).map(BridgeEvent.connecting)
        case "CONNECTED": return rest.flatMap(BLEAddress.init).map(BridgeEvent.connected)
        case "NOT_RECOGNIZED": return rest.flatMap(BLEAddress.init).map(BridgeEvent.notRecognized)
        case "DISCONNECTED":
            let fields = rest?.fields(separatedBy: comma) ?? []
            guard fields.count == 2, let address = BLEAddress(fields[0]), !fields[1].isEmpty else { return nil }
            return .disconnected(address, reason: String(fields[1]))
        case "STATUS":
            guard let rest else { return nil }
            let (stateWord, addressText) = rest.splitOnce(comma)
            guard let state = BridgeLinkState(rawValue: keyword(stateWord)) else { return nil }
            guard let addressText else { return .status(state, nil) }
            guard let address = BLEAddress(addressText) else { return nil }
            return .status(state, address)
        case "ERROR":
            guard let rest else { return nil }
            let (codeWord, detail) = rest.splitOnce(comma)
            guard let code = BridgeErrorCode(rawValue: keyword(codeWord)) else { return nil }
            // A loss count is what the host marks the gap with: a positive decimal or nothing.
            if code == .dataLost, let detail, !isPositiveCount(detail) { return nil }
            return .error(code, detail: detail.map(String.init))
        default:
            return nil
        }
    }

    private static let comma = UInt8(ascii: ",")

    /// The word when it is all ASCII, else one that matches no keyword: `String` comparison is
    /// canonical equivalence, under which U+212A KELVIN SIGN equals `K` (as in UNKNOWN_COMMAND).
    private static func keyword(_ word: Substring) -> String {
        word.utf8.allSatisfy { $0 < 0x80 } ? String(word) : ""
    }

    private static func isPositiveCount(_ text: Substring) -> Bool {
        text.first != "0" && !text.isEmpty && text.count <= 10 && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func isDecimalInteger(_ text: Substring) -> Bool {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// Byte-level matching for the parser. An ASCII byte is always a whole scalar in UTF-8, so these
/// cuts fall on scalar boundaries.
extension Substring {
    func dropPrefix(_ prefix: String) -> Substring? {
        utf8.starts(with: prefix.utf8) ? Substring(utf8.dropFirst(prefix.utf8.count)) : nil
    }

    /// Splits at the first `separator`; the second part is nil when there is none.
    func splitOnce(_ separator: UInt8) -> (Substring, Substring?) {
        guard let index = utf8.firstIndex(of: separator) else { return (self, nil) }
        return (Substring(utf8[..<index]), Substring(utf8[utf8.index(after: index)...]))
    }

    /// Every field between separators, empty ones included.
    func fields(separatedBy separator: UInt8, maxSplits: Int = .max) -> [Substring] {
        utf8.split(separator: separator, maxSplits: maxSplits, omittingEmptySubsequences: false).map(Substring.init)
    }
}
