/// CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), the checksum the Adafruit bootloader's
/// serial DFU puts on every HCI packet and the init packet carries for the image (`crc16_compute`).
public enum CRC16 {
    public static func ccitt<Bytes: Sequence>(_ bytes: Bytes) -> UInt16 where Bytes.Element == UInt8 {
        var crc: UInt16 = 0xFFFF
        for byte in bytes {
            crc = (crc >> 8) | (crc << 8)
            crc ^= UInt16(byte)
            crc ^= (crc & 0xFF) >> 4
            crc ^= crc << 12
            crc ^= (crc & 0xFF) << 5
        }
        return crc
    }
}
