import Testing

@testable import GripFitCore

@Suite struct MessageParserTests {
    @Test(arguments: [
        ("R:834572", Message.reading(834_572)),
        ("R:-8388608", .reading(-8_388_608)),
        ("R:0", .reading(0)),
        ("R:2147483647", .reading(Int32.max)),
        ("S:READY", .status(.ready)),
        ("S:NOT_READY", .status(.notReady)),
        ("S:PONG", .status(.pong)),
        ("S:TARED", .status(.tared)),
        ("S:RATE:50", .status(.rate(50))),
        ("D:GRIPFIT,1.0", .device(DeviceInfo(name: "GRIPFIT", firmware: "1.0"))),
        ("garbage", .unknown("garbage")),
        ("S:CALIBRATING", .unknown("S:CALIBRATING")),
        ("X:1", .unknown("X:1")),
    ])
    func parsesSpecMessages(line: String, expected: Message) throws {
        #expect(try MessageParser.parse(line).get() == expected)
    }

    @Test(arguments: [
        ("R:abc", MessageParseError.Reason.nonNumericReading),
        ("R:", .emptyReading),
        ("R:12a", .nonNumericReading),
        ("R: 12", .nonNumericReading),
        ("R:-", .nonNumericReading),
        ("R:2147483648", .readingOutOfRange),
        ("R:99999999999999999999999", .readingOutOfRange),
        ("S:RATE:x", .badRate),
        ("S:RATE:", .badRate),
        ("S:RATE:-5", .badRate),
        ("S:RATE:0", .badRate),
        ("D:GRIPFIT", .badDeviceInfo),
        ("D:,1.0", .badDeviceInfo),
        ("D:GRIPFIT,", .badDeviceInfo),
        ("B:", .badBridgeLine),
    ])
    func malformedLinesAreTypedErrorsCarryingTheLine(line: String, reason: MessageParseError.Reason) {
        #expect(MessageParser.parse(line) == .failure(MessageParseError(reason, line: line)))
    }

    /// The shared vectors: firmware-bridge's C++ tests read the same file.
    @Test func bridgeLinesFromTheSharedVectors() throws {
        let vectors = try ProtocolVectors.load()
        let toHost = vectors.filter { $0.direction == "to-host" }
        let bad = vectors.filter { $0.direction == "bad-to-host" }
        #expect(toHost.count >= 10)
        #expect(bad.count >= 5)
        for vector in toHost {
            let parsed = try MessageParser.parse(vector.line).get()
            #expect(parsed == .bridge(try vector.bridgeEvent()), "\(vector.line)")
        }
        for vector in bad {
            #expect(throws: MessageParseError.self, "\(vector.line)") { try MessageParser.parse(vector.line).get() }
        }
    }

    @Test func addressesAreStrictAndPrintUpperCase() {
        #expect(BLEAddress("c0:ff:ee:12:34:56")?.description == "C0:FF:EE:12:34:56")
        #expect(BLEAddress("C0:FF:EE:12:34") == nil)
        #expect(BLEAddress("C0:FF:EE:12:34:5G") == nil)
        #expect(BLEAddress("C0:FF:EE:12:34:567") == nil)
        #expect(BLEAddress("C0-FF-EE-12-34-56") == nil)
        // Fullwidth digits are hex digits to `Character`, not to the protocol.
        #expect(BLEAddress("C0:FF:EE:12:34:\u{FF15}6") == nil)
        #expect(BLEAddress("C0:FF:EE:12:34:\u{301}56") == nil)
    }

    /// Separators are bytes: a combining mark after a comma is still a comma, so it cannot smuggle
    /// one into the firmware version, and it cannot make a tag's line unknown instead of malformed.
    @Test func aCombiningMarkDoesNotHideASeparator() throws {
        let line = "D:GRIPFIT,1.0,\u{301}x"
        #expect(MessageParser.parse(line) == .failure(MessageParseError(.badDeviceInfo, line: line)))
        #expect(
            try MessageParser.parse("D:GRIPFIT,\u{301}1.0").get()
                == .device(DeviceInfo(name: "GRIPFIT", firmware: "\u{301}1.0"))
        )
        #expect(MessageParser.parse("R:\u{301}5") == .failure(MessageParseError(.nonNumericReading, line: "R:\u{301}5")))
        #expect(
            try MessageParser.parse("B:FOUND,C0:FF:EE:00:00:01,-40,\u{301}Grip").get()
                == .bridge(.found(address: BLEAddress("C0:FF:EE:00:00:01")!, rssi: -40, name: "\u{301}Grip"))
        )
    }

    /// `String` equality is canonical equivalence, under which U+212A KELVIN SIGN is `K`; keywords
    /// are compared as bytes.
    @Test func aLookAlikeIsNotAKeyword() {
        let line = "B:ERROR,UN\u{212A}NOWN_COMMAND"
        #expect(MessageParser.parse(line) == .failure(MessageParseError(.badBridgeLine, line: line)))
        #expect(MessageParser.parse("B:ERROR,UNKNOWN_COMMAND") == .success(.bridge(.error(.unknownCommand, detail: nil))))
    }
}
