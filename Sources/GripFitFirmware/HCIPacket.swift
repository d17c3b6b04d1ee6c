/// The three-wire HCI packets of the bootloader's serial DFU (`hci_transport.c`): a 4-byte header
/// (sequence number in bits 0-2, acknowledgement number in bits 3-5, data integrity bit 6, reliable
/// bit 7; packet type 14 in the low nibble of byte 1 and the 12-bit length across bytes 1-2; byte 3
/// makes the four sum to 0), the payload, and a little-endian CRC16 over header and payload. The
/// bootloader answers each with a bare header of type 0 whose acknowledgement number is the
/// sequence number it expects next.
public enum HCIPacket {
    static let vendorSpecific: UInt8 = 14
    static let acknowledgementType: UInt8 = 0

    /// A reliable, integrity-checked packet, not yet SLIP-framed.
    public static func reliable(sequence: UInt8, payload: [UInt8]) -> [UInt8] {
        let sequence = sequence & 0x07
        let length = payload.count
        var header: [UInt8] = [
            sequence | ((sequence + 1) & 0x07) << 3 | 1 << 6 | 1 << 7,
            vendorSpecific | UInt8(length & 0x0F) << 4,
            UInt8((length & 0xFF0) >> 4),
        ]
        header.append(UInt8(truncatingIfNeeded: 0 &- Int(header[0]) &- Int(header[1]) &- Int(header[2])))
        let packet = header + payload
        let crc = CRC16.ccitt(packet)
        return packet + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }

    /// The acknowledgement number of an acknowledgement frame (SLIP-decoded).
    public static func acknowledgementNumber(_ frame: [UInt8]) throws(DFUWireError) -> UInt8 {
        guard frame.count >= 4, frame[1] & 0x0F == acknowledgementType,
            UInt8(truncatingIfNeeded: Int(frame[0]) + Int(frame[1]) + Int(frame[2]) + Int(frame[3])) == 0
        else { throw .notAnAcknowledgement(frame) }
        return (frame[0] >> 3) & 0x07
    }
}
