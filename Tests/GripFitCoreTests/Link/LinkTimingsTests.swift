import GripFitCore
import Testing

/// The session's timeouts for a simulator run faster than real time: as long as ever in the
/// host's seconds, so `--speed` compresses what the simulated world does, not the host's patience.
struct LinkTimingsTests {
    @Test func stretchedTimingsAreSpeedTimesLongerInTheSessionsClock() {
        let plain = LinkTimings()
        let stretched = plain.stretched(by: 10)
        #expect(stretched.staleAfter == .seconds(20) && stretched.pongTimeout == .seconds(10))
        #expect(stretched.scanTimeout == .seconds(100) && stretched.connectTimeout == .seconds(50))
        #expect(stretched.handshakeTimeout == .seconds(20))
        #expect(stretched.replyTimeout(for: .device(.ping)) == .seconds(10))
        #expect(stretched.replyTimeout(for: .device(.tare)) == .seconds(20))
        #expect(stretched.reconnect.initial == .seconds(10) && stretched.reconnect.maximum == .seconds(300))
        #expect(stretched.repeatsUnansweredPing == plain.repeatsUnansweredPing)
        #expect(plain.stretched(by: 1) == plain)
    }

    @Test func aRepliesTimeoutDependsOnTheCommand() {
        let timings = LinkTimings()
        #expect(timings.replyTimeout(for: .device(.info)) == .seconds(2))
        #expect(timings.replyTimeout(for: .device(.ping)) == .seconds(1))
    }
}
