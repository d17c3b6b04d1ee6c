import GripFitCore
import Testing

@testable import GripFitFirmware

@Suite struct DFUPackageTests {
    @Test func genpkgsPackageReadsWithItsImageVersionAndCRC() throws {
        let package = try DFUPackage(zip: try PackageFixtures.bytes("tiny-1.2.3.zip"))
        #expect(package.image == (try PackageFixtures.bytes("tiny.bin")))
        #expect(package.version == FirmwareVersion(major: 1, minor: 2, patch: 3))
        #expect(package.initPacket.deviceType == 0x0052)
        #expect(package.initPacket.deviceRevision == 0xFFFF)
        #expect(package.initPacket.softDevices == [0xFFFE])
        #expect(package.initPacket.imageCRC16 == 46797)
        #expect(package.initPacket.bytes == [0x52, 0x00, 0xFF, 0xFF, 0xDB, 0x27, 0x00, 0x00, 0x01, 0x00, 0xFE, 0xFF, 0xCD, 0xB6])
    }

    @Test func aDeflatedZipReadsTheSame() throws {
        let stored = try DFUPackage(zip: try PackageFixtures.bytes("tiny-1.2.3.zip"))
        let deflated = try DFUPackage(zip: try PackageFixtures.bytes("tiny-1.2.3-deflated.zip"))
        #expect(deflated.image == stored.image)
        #expect(deflated.initPacket == stored.initPacket)
    }

    @Test func anotherDeviceTypeIsRefused() throws {
        #expect(throws: DFUPackageError.wrongDeviceType(0x0053)) {
            try DFUPackage(zip: try PackageFixtures.bytes("tiny-device-0x0053.zip"))
        }
    }

    @Test func aFlippedImageByteFailsTheZipsCRC32() throws {
        var zip = try PackageFixtures.bytes("tiny-1.2.3.zip")
        let image = try PackageFixtures.bytes("tiny.bin")
        let at = try #require(zip.firstRange(of: image)).lowerBound + 6
        zip[at] ^= 0x01
        let result = Result { () throws(DFUPackageError) in try DFUPackage(zip: zip) }
        guard case .failure(.entryCRC32Mismatch(let name, _, _)) = result else {
            Issue.record("expected a CRC-32 mismatch, got \(result)")
            return
        }
        #expect(name == "tiny.bin")
    }

    @Test func aTruncatedOrForeignFileIsNotAZip() throws {
        let zip = try PackageFixtures.bytes("tiny-1.2.3.zip")
        #expect(throws: DFUPackageError.notAZip(head: Array(zip.prefix(8)))) { try DFUPackage(zip: Array(zip.prefix(400))) }
        #expect(throws: DFUPackageError.notAZip(head: Array("hello".utf8))) { try DFUPackage(zip: Array("hello".utf8)) }
    }

    @Test func anInitPacketTooShortForItsSoftDeviceListIsRefusedWithItsBytes() {
        let bytes: [UInt8] = [0x52, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0xFE, 0xFF]
        let result = Result { () throws(DFUPackageError) in try DFUInitPacket(bytes: bytes) }
        guard case .failure(.badInitPacket(let carried, _)) = result else {
            Issue.record("expected badInitPacket, got \(result)")
            return
        }
        #expect(carried == bytes)
    }
}
