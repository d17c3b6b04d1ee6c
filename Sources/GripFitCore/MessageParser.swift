/// Routes one complete line by its tag. Pure and total: every input gives a message or a typed error.
public enum MessageParser {
    /// Parses a line lent by ``LineFramer/frame(_:_:)`` (valid UTF-8, no line ending). A well-formed
    /// reading, nearly every line of a session, is read straight from the bytes; any other line
    /// becomes a `String` for the `String` overload, which defines the protocol.
    public static func parse(_ line: UnsafeBufferPointer<UInt8>) -> Result<Message, MessageParseError> {
        if let value = wellFormedReading(line) { return .success(.reading(value)) }
        return parse(String(decoding: line, as: UTF8.self))
    }

    public static func parse(_ line: String) -> Result<Message, MessageParseError> {
        if let body = line.dropPrefix("R:") { return parseReading(body, line: line) }
        if let body = line.dropPrefix("S:") { return parseStatus(body, line: line) }
        if let body = line.dropPrefix("D:") { return parseDevice(body, line: line) }
        if let body = line.dropPrefix("B:") {
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
        switch body {
        case "READY": return .success(.status(.ready))
        case "NOT_READY": return .success(.status(.notReady))
        case "PONG": return .success(.status(.pong))
        case "TARED": return .success(.status(.tared))
        default:
            guard let argument = body.dropPrefix("RATE:") else { return .success(.unknown(line)) }
            guard isDecimalInteger(argument), argument.first != "-", let ms = Int(argument), ms > 0 else {
                return .failure(.init(.badRate, line: line))
            }
            return .success(.status(.rate(ms)))
        }
    }

    private static func parseDevice(_ body: Substring, line: String) -> Result<Message, MessageParseError> {
        guard let comma = body.firstIndex(of: ",") else { return .failure(.init(.badDeviceInfo, line: line)) }
        let name = body[..<comma]
        let firmware = body[body.index(after: comma)...]
        guard !name.isEmpty, !firmware.isEmpty, !firmware.contains(",") else {
            return .failure(.init(.badDeviceInfo, line: line))
        }
        return .success(.device(DeviceInfo(name: String(name), firmware: String(firmware))))
    }

    private static func parseBridge(_ body: Substring) -> BridgeEvent? {
        let (word, rest) = body.splitOnce(",")
        switch word {
        case "BRIDGE":
            guard let version = rest, !version.isEmpty else { return nil }
            return .hello(version: String(version))
        case "SCANNING": return rest == nil ? .scanning : nil
        case "NOT_FOUND": return rest == nil ? .notFound : nil
        case "FOUND":
            let fields = rest?.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false) ?? []
            guard fields.count == 3, let address = BLEAddress(fields[0]), isDecimalInteger(fields[1]),
                let rssi = Int(fields[1])
            else { return nil }
            return .found(address: address, rssi: rssi, name: String(fields[2]))
        case "CONNECTING": return rest.flatMap(BLEAddress.init).map(BridgeEvent.connecting)
        case "CONNECTED": return rest.flatMap(BLEAddress.init).map(BridgeEvent.connected)
        case "NOT_RECOGNIZED": return rest.flatMap(BLEAddress.init).map(BridgeEvent.notRecognized)
        case "DISCONNECTED":
            let fields = rest?.split(separator: ",", omittingEmptySubsequences: false) ?? []
            guard fields.count == 2, let address = BLEAddress(fields[0]), !fields[1].isEmpty else { return nil }
            return .disconnected(address, reason: String(fields[1]))
        case "STATUS":
            guard let rest else { return nil }
            let (stateWord, addressText) = rest.splitOnce(",")
            guard let state = BridgeLinkState(rawValue: String(stateWord)) else { return nil }
            guard let addressText else { return .status(state, nil) }
            guard let address = BLEAddress(addressText) else { return nil }
            return .status(state, address)
        case "ERROR":
            guard let rest else { return nil }
            let (codeWord, detail) = rest.splitOnce(",")
            guard let code = BridgeErrorCode(rawValue: String(codeWord)) else { return nil }
            // A loss count is what the host marks the gap with: a positive decimal or nothing.
            if code == .dataLost, let detail, !isPositiveCount(detail) { return nil }
            return .error(code, detail: detail.map(String.init))
        default:
            return nil
        }
    }

    private static func isPositiveCount(_ text: Substring) -> Bool {
        text.first != "0" && !text.isEmpty && text.count <= 10 && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func isDecimalInteger(_ text: Substring) -> Bool {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension StringProtocol {
    func dropPrefix(_ prefix: String) -> SubSequence? {
        hasPrefix(prefix) ? self[index(startIndex, offsetBy: prefix.count)...] : nil
    }

    /// Splits at the first `separator`; the second part is nil when there is none.
    func splitOnce(_ separator: Character) -> (SubSequence, SubSequence?) {
        guard let index = firstIndex(of: separator) else { return (self[...], nil) }
        return (self[..<index], self[self.index(after: index)...])
    }
}
