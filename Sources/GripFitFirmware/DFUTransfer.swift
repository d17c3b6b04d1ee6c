/// Sends a package's DFU packets one at a time, each waiting for the bootloader's
/// acknowledgement: no I/O and no clock. The caller writes `frame`, waits up to `timeout` for
/// bytes, and hands them to `received(_:)`, or calls `timedOut()`.
///
/// An acknowledgement numbered one past the packet's sequence number accepts it. Any other number
/// is the sequence number the bootloader expects (after a packet it did not take, or when it kept
/// its count from an earlier, broken-off transfer): the packet goes again under that number. No
/// answer within the timeout: it goes again as it was. `maximumAttempts` sends of one packet
/// without acceptance end the transfer (adafruit-nrfutil tries once).
public struct DFUTransfer: Sendable {
    public enum Progress: Equatable, Sendable {
        /// Still waiting for this packet's acknowledgement.
        case waiting
        /// The packet was taken; `frame` is the next one to send.
        case next
        /// The stop packet was taken: the bootloader has the whole image.
        case finished
        case failed(DFUTransferFailure)
    }

    public static let maximumAttempts = 4
    /// adafruit-nrfutil's acknowledgement timeout.
    public static let acknowledgementTimeout = Duration.seconds(1)

    public let packets: [DFUPacket]
    public let imageSize: Int
    public private(set) var index = 0
    public private(set) var sequence: UInt8 = 1
    public private(set) var attempts = 1
    /// Frames that were no acknowledgement, kept for the failure message.
    public private(set) var strayFrames: [DFUWireError] = []
    private var decoder = SLIPDecoder()

    public init(package: DFUPackage) {
        packets = DFUPacket.sequence(for: package)
        imageSize = package.image.count
    }

    /// The current packet, SLIP-framed, to write.
    public var frame: [UInt8] { SLIP.encode(HCIPacket.reliable(sequence: sequence, payload: packets[index].payload)) }

    /// How long to wait for the current packet's acknowledgement. The bootloader erases the whole
    /// application area once it has taken the start packet (up to 89.7 ms a 4 kB page, as
    /// adafruit-nrfutil reckons), and answers the init packet after that.
    public var timeout: Duration {
        guard case .initPacket = packets[index] else { return Self.acknowledgementTimeout }
        return Self.acknowledgementTimeout + .milliseconds(90 * (imageSize / 4096 + 1))
    }

    /// Image bytes the bootloader has taken.
    public var bytesAcknowledged: Int {
        packets[..<index].reduce(0) { sum, packet in
            if case .data(let bytes) = packet { return sum + bytes.count }
            return sum
        }
    }

    /// Whether the bootloader has taken the start packet and so erased the old application.
    public var applicationErased: Bool { index > 0 }

    public mutating func received<Bytes: Sequence>(_ bytes: Bytes) -> Progress where Bytes.Element == UInt8 {
        for frame in decoder.feed(bytes) {
            let number: UInt8
            switch frame {
            case .broken(let raw):
                strayFrames.append(.brokenFrame(raw))
                continue
            case .frame(let decoded):
                switch Result(catching: { () throws(DFUWireError) in try HCIPacket.acknowledgementNumber(decoded) }) {
                case .success(let acknowledged):
                    number = acknowledged
                case .failure(let error):
                    strayFrames.append(error)
                    continue
                }
            }
            if number == (sequence + 1) & 0x07 {
                return advance()
            }
            // Not taken: the bootloader expects `number`.
            sequence = number
            return retry(.notAccepted)
        }
        return .waiting
    }

    public mutating func timedOut() -> Progress {
        retry(.noAnswer)
    }

    private mutating func advance() -> Progress {
        sequence = (sequence + 1) & 0x07
        index += 1
        attempts = 1
        decoder = SLIPDecoder()
        return index == packets.count ? .finished : .next
    }

    private mutating func retry(_ last: DFUTransferFailure.Reason) -> Progress {
        guard attempts < Self.maximumAttempts else {
            return .failed(
                DFUTransferFailure(
                    packetIndex: index,
                    packetCount: packets.count,
                    bytesAcknowledged: bytesAcknowledged,
                    imageSize: imageSize,
                    attempts: attempts,
                    reason: last,
                    strayFrames: strayFrames
                )
            )
        }
        attempts += 1
        return .next
    }
}
