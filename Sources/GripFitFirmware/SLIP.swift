/// SLIP framing (RFC 1055) as the Adafruit bootloader's `hci_slip.c` and adafruit-nrfutil use it:
/// 0xC0 before and after each frame, 0xC0 and 0xDB inside escaped as 0xDB 0xDC and 0xDB 0xDD.
public enum SLIP {
    public static let end: UInt8 = 0xC0
    public static let escape: UInt8 = 0xDB
    public static let escapedEnd: UInt8 = 0xDC
    public static let escapedEscape: UInt8 = 0xDD

    public static func encode(_ frame: [UInt8]) -> [UInt8] {
        var encoded: [UInt8] = [end]
        encoded.reserveCapacity(frame.count + frame.count / 32 + 2)
        for byte in frame {
            switch byte {
            case end: encoded += [escape, escapedEnd]
            case escape: encoded += [escape, escapedEscape]
            default: encoded.append(byte)
            }
        }
        encoded.append(end)
        return encoded
    }
}
