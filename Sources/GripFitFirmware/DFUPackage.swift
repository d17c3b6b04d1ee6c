import Foundation
import GripFitCore

/// An application update package as `adafruit-nrfutil dfu genpkg` makes it: a zip of
/// manifest.json, the init packet (.dat) and the image (.bin). `init(zip:)` checks everything the
/// bootloader would check, and what it would not, before a byte goes to the dongle: the zip's
/// CRC-32s, the manifest against the init packet, device type 0x0052, the image's CRC16, its size.
public struct DFUPackage: Sendable {
    /// The application area of an nRF52840 under S140 6.1.1 and the Adafruit bootloader,
    /// 0x26000 to 0xED000.
    public static let maximumImageSize = 0xED000 - 0x26000

    public let image: [UInt8]
    public let initPacket: DFUInitPacket
    /// nil when the package was made without `--application-version`.
    public let version: FirmwareVersion?

    public init(zip: [UInt8]) throws(DFUPackageError) {
        let archive = try ZipArchive(bytes: zip)
        let manifestBytes = try archive.contents(of: "manifest.json")
        let manifest = try Self.manifest(manifestBytes)
        image = try archive.contents(of: manifest.binFile)
        initPacket = try DFUInitPacket(bytes: try archive.contents(of: manifest.datFile))
        if let manifestType = manifest.deviceType, manifestType != UInt32(initPacket.deviceType) {
            throw .manifestDisagrees(field: "device_type", manifest: manifestType, initPacket: UInt32(initPacket.deviceType))
        }
        if let manifestVersion = manifest.applicationVersion, manifestVersion != initPacket.applicationVersion {
            throw .manifestDisagrees(field: "application_version", manifest: manifestVersion, initPacket: initPacket.applicationVersion)
        }
        if let manifestCRC = manifest.firmwareCRC16, manifestCRC != UInt32(initPacket.imageCRC16) {
            throw .manifestDisagrees(field: "firmware_crc16", manifest: manifestCRC, initPacket: UInt32(initPacket.imageCRC16))
        }
        guard initPacket.deviceType == DFUInitPacket.adafruitDeviceType else { throw .wrongDeviceType(initPacket.deviceType) }
        guard !image.isEmpty, image.count % 4 == 0, image.count <= Self.maximumImageSize else { throw .badImageSize(image.count) }
        let crc = CRC16.ccitt(image)
        guard crc == initPacket.imageCRC16 else { throw .imageCRC16Mismatch(initPacket: initPacket.imageCRC16, image: crc) }
        version = FirmwareVersion(packageNumber: initPacket.applicationVersion)
    }

    private struct Manifest {
        let binFile: String
        let datFile: String
        let deviceType: UInt32?
        let applicationVersion: UInt32?
        let firmwareCRC16: UInt32?
    }

    private static func manifest(_ bytes: [UInt8]) throws(DFUPackageError) -> Manifest {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw .badManifest(bytes: bytes, reason: "not JSON")
        }
        guard let root = object as? [String: Any], let manifest = root["manifest"] as? [String: Any] else {
            throw .badManifest(bytes: bytes, reason: "no \"manifest\" object")
        }
        let others = ["softdevice", "bootloader", "softdevice_bootloader"].filter { manifest[$0] != nil }
        guard others.isEmpty else { throw .notAnApplication(images: others.map { $0.replacingOccurrences(of: "_", with: " and ") }) }
        guard let application = manifest["application"] as? [String: Any] else {
            throw .badManifest(bytes: bytes, reason: "no \"application\" image")
        }
        guard let bin = application["bin_file"] as? String, let dat = application["dat_file"] as? String else {
            throw .badManifest(bytes: bytes, reason: "the application has no bin_file or dat_file")
        }
        let fields = application["init_packet_data"] as? [String: Any] ?? [:]
        func number(_ key: String) -> UInt32? {
            if let value = fields[key] as? Int { return UInt32(truncatingIfNeeded: value) }
            return (fields[key] as? NSNumber).map { UInt32(truncatingIfNeeded: $0.int64Value) }
        }
        return Manifest(
            binFile: bin,
            datFile: dat,
            deviceType: number("device_type"),
            applicationVersion: number("application_version"),
            firmwareCRC16: number("firmware_crc16")
        )
    }
}
