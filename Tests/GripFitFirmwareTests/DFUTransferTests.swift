import Testing

@testable import GripFitFirmware

@Suite struct DFUTransferTests {
    static func transfer() throws -> DFUTransfer {
        DFUTransfer(package: try DFUPackage(zip: try PackageFixtures.bytes("tiny-1.2.3.zip")))
    }

    static func acknowledgement(_ number: UInt8) -> [UInt8] {
        let header = number << 3
        return SLIP.encode([header, 0, 0, 0 &- header])
    }

    @Test func aPacketNotTakenGoesAgainUnderTheNumberTheBootloaderExpects() throws {
        var transfer = try Self.transfer()
        #expect(transfer.received(Self.acknowledgement(2)) == .next)
        let initFrame = transfer.frame
        // The bootloader answers with the number it already expected: not taken.
        #expect(transfer.received(Self.acknowledgement(2)) == .next)
        #expect(transfer.index == 1)
        #expect(transfer.attempts == 2)
        #expect(transfer.frame == initFrame)
    }

    @Test func aBootloaderThatKeptAnEarlierCountIsFollowed() throws {
        var transfer = try Self.transfer()
        // A bootloader left expecting 6 by a broken-off transfer.
        #expect(transfer.received(Self.acknowledgement(6)) == .next)
        #expect(transfer.sequence == 6)
        #expect(transfer.index == 0)
        #expect(transfer.received(Self.acknowledgement(7)) == .next)
        #expect(transfer.index == 1)
        #expect(transfer.sequence == 7)
        #expect(transfer.received(Self.acknowledgement(0)) == .next)
        #expect(transfer.sequence == 0)
    }

    @Test func silenceEndsTheTransferAfterFourTriesWithTheDonglesState() throws {
        var transfer = try Self.transfer()
        #expect(transfer.received(Self.acknowledgement(2)) == .next)
        #expect(transfer.timedOut() == .next)
        #expect(transfer.timedOut() == .next)
        #expect(transfer.timedOut() == .next)
        guard case .failed(let failure) = transfer.timedOut() else {
            Issue.record("four silent tries must fail")
            return
        }
        #expect(failure.attempts == 4)
        #expect(failure.reason == .noAnswer)
        #expect(failure.applicationErased)
        #expect(failure.description.contains("erased when the update started"))
        #expect(failure.description.contains("run the same command again"))
        #expect(failure.vanished().state.contains("The dongle went away with 0 of 20 bytes written"))
    }

    @Test func silenceBeforeTheStartPacketWasTakenLeavesTheOldFirmware() throws {
        var transfer = try Self.transfer()
        for _ in 1..<DFUTransfer.maximumAttempts { #expect(transfer.timedOut() == .next) }
        guard case .failed(let failure) = transfer.timedOut() else {
            Issue.record("four silent tries must fail")
            return
        }
        #expect(!failure.applicationErased)
        #expect(failure.state.contains("still has its old bridge firmware"))
    }

    @Test func strayFramesAreKeptForTheMessageAndDoNotCountAsAnswers() throws {
        var transfer = try Self.transfer()
        #expect(transfer.received(SLIP.encode([1, 2, 3])) == .waiting)
        #expect(transfer.strayFrames == [.notAnAcknowledgement([1, 2, 3])])
        #expect(transfer.received(Self.acknowledgement(2)) == .next)
    }

    @Test func theInitPacketWaitsForTheErase() throws {
        var transfer = try Self.transfer()
        #expect(transfer.timeout == .seconds(1))
        _ = transfer.received(Self.acknowledgement(2))
        #expect(transfer.timeout > .seconds(1))
    }
}
