/// The DFU packets inside the HCI packets (`dfu_transport_serial.c`), each a little-endian type
/// word and its data, in the order adafruit-nrfutil sends them: start, init, data…, stop.
public enum DFUPacket: Equatable, Sendable {
    /// Application mode (4); SoftDevice and bootloader sizes 0.
    case start(applicationSize: Int)
    /// The .dat, with the two bytes of padding adafruit-nrfutil adds (a whole number of words).
    case initPacket([UInt8])
    case data([UInt8])
    case stop

    /// adafruit-nrfutil's data packet size; the bootloader's HCI buffer is sized for it.
    public static let dataSize = 512

    public var payload: [UInt8] {
        switch self {
        case .start(let size): word(3) + word(4) + word(0) + word(0) + word(UInt32(size))
        case .initPacket(let bytes): word(1) + bytes + [0, 0]
        case .data(let bytes): word(4) + bytes
        case .stop: word(5)
        }
    }

    /// The packets that send `package`.
    public static func sequence(for package: DFUPackage) -> [DFUPacket] {
        let image = package.image
        let data = stride(from: 0, to: image.count, by: dataSize).map { start in
            DFUPacket.data(Array(image[start..<min(start + dataSize, image.count)]))
        }
        return [.start(applicationSize: image.count), .initPacket(package.initPacket.bytes)] + data + [.stop]
    }

    private func word(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }
}
