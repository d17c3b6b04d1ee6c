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
    }
}
