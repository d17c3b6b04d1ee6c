import Testing

@testable import GripFitFirmware

/// Our framing against the bytes adafruit-nrfutil 0.5.3.post16 wrote for Fixtures/tiny-1.2.3.zip
/// (see Fixtures/README.md), and the acknowledgements the fake bootloader sent back.
@Suite struct DFUWireCaptureTests {
    static let nrfutilFrames: [[UInt8]] = [
        // start: application, 20 bytes
        [
            0xC0, 0xD1, 0x4E, 0x01, 0xE0, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x14, 0x00, 0x00, 0x00, 0x3D, 0x7E, 0xC0,
        ],
        // init: the .dat (0xDB escaped) and two bytes of padding
        [
            0xC0, 0xDA, 0x4E, 0x01, 0xD7, 0x01, 0x00, 0x00, 0x00, 0x52, 0x00, 0xFF, 0xFF, 0xDB, 0xDD, 0x27, 0x00, 0x00, 0x01, 0x00,
            0xFE, 0xFF, 0xCD, 0xB6, 0x00, 0x00, 0x6B, 0x6E, 0xC0,
        ],
        // data: the whole image (0xC0 and 0xDB escaped)
        [
            0xC0, 0xE3, 0x8E, 0x01, 0x8E, 0x04, 0x00, 0x00, 0x00, 0xDB, 0xDC, 0xDB, 0xDD, 0x01, 0x02, 0x47, 0x72, 0x69, 0x70, 0x46,
            0x69, 0x74, 0x2D, 0x44, 0x46, 0x55, 0x21, 0x00, 0x00, 0xFF, 0xFE, 0x10, 0x77, 0xC0,
        ],
        // stop
        [0xC0, 0xEC, 0x4E, 0x00, 0xC6, 0x05, 0x00, 0x00, 0x00, 0xAC, 0xFD, 0xC0],
    ]
    static let acknowledgements: [[UInt8]] = [
        [0xC0, 0x10, 0x00, 0x00, 0xF0, 0xC0], [0xC0, 0x18, 0x00, 0x00, 0xE8, 0xC0],
        [0xC0, 0x20, 0x00, 0x00, 0xE0, 0xC0], [0xC0, 0x28, 0x00, 0x00, 0xD8, 0xC0],
    ]

    @Test func ourFramesAreByteForByteAdafruitNrfutils() throws {
        var transfer = DFUTransfer(package: try DFUPackage(zip: try PackageFixtures.bytes("tiny-1.2.3.zip")))
        for (index, expected) in Self.nrfutilFrames.enumerated() {
            #expect(transfer.frame == expected, "packet \(index + 1)")
            let progress = transfer.received(Self.acknowledgements[index])
            #expect(progress == (index == Self.nrfutilFrames.count - 1 ? .finished : .next))
        }
        #expect(transfer.bytesAcknowledged == 20)
    }

    @Test func theCRC16IsTheBootloadersOnTheCapturedHeaders() {
        // The stop packet: header and payload, then the CRC little-endian.
        #expect(CRC16.ccitt([0xEC, 0x4E, 0x00, 0xC6, 0x05, 0x00, 0x00, 0x00]) == 0xFDAC)
        #expect(CRC16.ccitt(Array("123456789".utf8)) == 0x29B1)
    }

    @Test func acknowledgementsDecodeToTheNextExpectedNumber() throws {
        var decoder = SLIPDecoder()
        let frames = decoder.feed(Self.acknowledgements.joined())
        #expect(
            try frames.map { frame -> UInt8 in
                guard case .frame(let bytes) = frame else { throw DFUWireError.brokenFrame([]) }
                return try HCIPacket.acknowledgementNumber(bytes)
            } == [2, 3, 4, 5]
        )
    }

    @Test func aFrameThatIsNoAcknowledgementIsRefusedWithItsBytes() {
        #expect(throws: DFUWireError.notAnAcknowledgement([0x10, 0x00, 0x00, 0x00])) {
            try HCIPacket.acknowledgementNumber([0x10, 0x00, 0x00, 0x00])
        }
    }

    @Test func aBadEscapeIsABrokenFrameWithItsRawBytes() {
        var decoder = SLIPDecoder()
        #expect(decoder.feed([0xC0, 0x10, 0xDB, 0x01, 0xC0]) == [.broken(raw: [0x10, 0xDB, 0x01])])
        #expect(decoder.feed([0xC0, 0xDB]) == [])
        #expect(decoder.feed([0xDC, 0xC0]) == [.frame([0xC0])])
    }
}
