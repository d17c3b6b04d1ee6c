/// Splits received bytes into SLIP frames, across reads. A frame with a bad escape comes out as
/// `.broken` with its raw bytes, so the sender can say what it got; empty frames (two 0xC0 in a
/// row, as every frame starts and ends with one) are skipped.
public struct SLIPDecoder: Sendable {
    public enum Frame: Equatable, Sendable {
        case frame([UInt8])
        case broken(raw: [UInt8])
    }

    /// A frame longer than this is no acknowledgement (4 bytes); it is cut and reported broken.
    static let maximumFrame = 64

    private var decoded: [UInt8] = []
    private var raw: [UInt8] = []
    private var escaped = false
    private var broken = false

    public init() {}

    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Frame] where Bytes.Element == UInt8 {
        var frames: [Frame] = []
        for byte in bytes {
            if byte == SLIP.end {
                if broken {
                    frames.append(.broken(raw: raw))
                } else if !decoded.isEmpty {
                    frames.append(.frame(decoded))
                }
                decoded = []
                raw = []
                escaped = false
                broken = false
                continue
            }
            raw.append(byte)
            if escaped {
                escaped = false
                switch byte {
                case SLIP.escapedEnd: decoded.append(SLIP.end)
                case SLIP.escapedEscape: decoded.append(SLIP.escape)
                default: broken = true
                }
            } else if byte == SLIP.escape {
                escaped = true
            } else {
                decoded.append(byte)
            }
            if raw.count > Self.maximumFrame { broken = true }
            if raw.count > 2 * Self.maximumFrame { raw.removeFirst(Self.maximumFrame) }
        }
        return frames
    }
}
