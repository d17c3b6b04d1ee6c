/// Where a transfer stopped and what the dongle holds then, read from the bootloader's source
/// (`dfu_single_bank.c`, `bootloader.c`): the start packet erases the application area and marks
/// the application invalid, so from then on the dongle starts in its bootloader, after any reset
/// or replug, until a transfer completes; before it, the old firmware is untouched.
public struct DFUTransferFailure: Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// No acknowledgement within the timeout.
        case noAnswer
        /// Acknowledgements that did not take the packet.
        case notAccepted
        /// The port went away (the caller knows; the transfer does not).
        case portVanished
    }

    public let packetIndex: Int
    public let packetCount: Int
    public let bytesAcknowledged: Int
    public let imageSize: Int
    public let attempts: Int
    public let reason: Reason
    public let strayFrames: [DFUWireError]

    public init(
        packetIndex: Int,
        packetCount: Int,
        bytesAcknowledged: Int,
        imageSize: Int,
        attempts: Int,
        reason: Reason,
        strayFrames: [DFUWireError]
    ) {
        self.packetIndex = packetIndex
        self.packetCount = packetCount
        self.bytesAcknowledged = bytesAcknowledged
        self.imageSize = imageSize
        self.attempts = attempts
        self.reason = reason
        self.strayFrames = strayFrames
    }

    /// The same failure, the port gone.
    public func vanished() -> DFUTransferFailure {
        DFUTransferFailure(
            packetIndex: packetIndex,
            packetCount: packetCount,
            bytesAcknowledged: bytesAcknowledged,
            imageSize: imageSize,
            attempts: attempts,
            reason: .portVanished,
            strayFrames: strayFrames
        )
    }

    /// Whether the old firmware is gone (the start packet was taken).
    public var applicationErased: Bool { packetIndex > 0 }

    /// What happened, then the dongle's state in words.
    public var description: String {
        let what: String
        switch reason {
        case .noAnswer: what = "the bootloader stopped answering (packet \(packetIndex + 1) of \(packetCount), \(attempts) tries)"
        case .notAccepted: what = "the bootloader did not take packet \(packetIndex + 1) of \(packetCount) in \(attempts) tries"
        case .portVanished: what = "the port vanished at packet \(packetIndex + 1) of \(packetCount)"
        }
        let stray = strayFrames.last.map { "; it also sent \($0)" } ?? ""
        return "\(what)\(stray). \(state)"
    }

    /// The dongle's state in words, and what to do.
    public var state: String {
        guard applicationErased else {
            return "Nothing was written: the dongle still has its old bridge firmware and runs it again after a replug or reset. "
                + "Run the same command again to update it."
        }
        let written = "\(bytesAcknowledged) of \(imageSize) bytes written"
        let erased =
            "Its old bridge firmware was erased when the update started, so it starts in its bootloader, also after a "
            + "replug or reset, until an update completes"
        if reason == .portVanished {
            return "The dongle went away with \(written). \(erased): run the same command again once it is back, with --port "
                + "naming the bootloader's port."
        }
        return "The dongle is in its bootloader with \(written). \(erased): unplug it, plug it back in, and run the same "
            + "command again."
    }
}
