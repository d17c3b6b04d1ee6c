import Testing

@testable import GripFitCore

/// Drives the machine with a fake clock: every timeout is exercised by moving time by hand.
struct SessionHarness {
    var machine = LinkMachine()
    var now = MonotonicInstant.zero
    var log: [LinkAction] = []

    @discardableResult
    mutating func input(_ input: LinkInput) -> [LinkAction] {
        let actions = machine.handle(input, now: now)
        log += actions
        return actions
    }

    @discardableResult
    mutating func line(_ text: String) -> [LinkAction] {
        switch MessageParser.parse(text) {
        case .success(let message): input(.message(message))
        case .failure(let error): input(.malformed(error))
        }
    }

    /// Moves the clock forward, ticking at every deadline on the way, as the driver's poll loop does.
    @discardableResult
    mutating func advance(_ duration: Duration) -> [LinkAction] {
        let end = now + duration
        var actions: [LinkAction] = []
        while let deadline = machine.nextDeadline, deadline <= end {
            now = max(now, deadline)
            actions += input(.tick)
        }
        now = end
        actions += input(.tick)
        return actions
    }

    /// A port opened behind a bridge whose GripFit is connected and has introduced itself.
    mutating func connectedBehindBridge() {
        input(.start)
        input(.portOpened)
        line("B:BRIDGE,1.0.0")
        line("B:SCANNING")
        line("B:CONNECTING,C0:FF:EE:12:34:56")
        line("B:CONNECTED,C0:FF:EE:12:34:56")
        line("D:GRIPFIT,1.0")
    }

    /// Readings every 100 ms for `duration`.
    mutating func stream(for duration: Duration, startingAt value: Int32 = 0) -> [LinkAction] {
        var actions: [LinkAction] = []
        let steps = Int(duration.nanoseconds / 100_000_000)
        for step in 0..<steps {
            actions += advance(.milliseconds(100))
            actions += line("R:\(Int(value) + step)")
        }
        return actions
    }
}

func sent(_ actions: [LinkAction]) -> [String] {
    actions.compactMap { if case .send(let command) = $0 { command.line } else { nil } }
}

func states(_ actions: [LinkAction]) -> [LinkState] {
    actions.compactMap { if case .report(.state(let state)) = $0 { state } else { nil } }
}

func warnings(_ actions: [LinkAction]) -> [LinkWarning.Reason] {
    actions.compactMap { if case .report(.warning(let warning)) = $0 { warning.reason } else { nil } }
}

func finished(_ actions: [LinkAction]) -> [CommandOutcome] {
    actions.compactMap { if case .report(.commandFinished(_, let outcome)) = $0 { outcome } else { nil } }
}

@Suite struct LinkMachineConnectionTests {
    @Test func startAsksForThePortAndOpeningStartsTheScan() {
        var h = SessionHarness()
        #expect(h.input(.start) == [.openPort])
        #expect(states(h.input(.portOpened)) == [.scanning])
        #expect(h.machine.nextDeadline == .zero + .seconds(10))
    }

    @Test func noDeviceWithinTenSecondsIsDeviceNotFound() {
        var h = SessionHarness()
        h.input(.start)
        h.input(.portOpened)
        #expect(states(h.advance(.milliseconds(9_999))) == [])
        #expect(states(h.advance(.milliseconds(1))) == [.error(.deviceNotFound)])
        #expect(states(h.line("B:SCANNING")) == [.scanning])
    }

    @Test func bridgeReportsDriveTheStatesAndHelloAsksForStatus() {
        var h = SessionHarness()
        h.input(.start)
        h.input(.portOpened)
        #expect(sent(h.line("B:BRIDGE,1.0.0")) == ["BRIDGE:STATUS"])
        #expect(h.machine.bridgeVersion == "1.0.0")
        #expect(states(h.line("B:STATUS,SCANNING")) == [])
        #expect(states(h.line("B:FOUND,C0:FF:EE:12:34:56,-50,_GRIPFIT")) == [])
        #expect(states(h.line("B:CONNECTING,C0:FF:EE:12:34:56")) == [.connecting])
        #expect(states(h.line("B:CONNECTED,C0:FF:EE:12:34:56")) == [.connected])
        #expect(h.machine.deviceAddress?.description == "C0:FF:EE:12:34:56")
        h.line("D:GRIPFIT,1.0")
        #expect(h.machine.firmware == "1.0")
    }

    @Test func connectingLongerThanFiveSecondsIsConnectionTimeout() {
        var h = SessionHarness()
        h.input(.start)
        h.input(.portOpened)
        h.line("B:CONNECTING,C0:FF:EE:12:34:56")
        #expect(states(h.advance(.milliseconds(4_999))) == [])
        #expect(states(h.advance(.milliseconds(1))) == [.error(.connectionTimeout)])
    }

    @Test func bridgeFailuresBecomeErrorStates() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        #expect(states(h.line("B:DISCONNECTED,C0:FF:EE:12:34:56,0x08")) == [.disconnected])
        #expect(h.machine.firmware == nil)
        #expect(states(h.line("B:NOT_FOUND")) == [.error(.deviceNotFound)])
        #expect(states(h.line("B:NOT_RECOGNIZED,C0:FF:EE:12:34:56")) == [.error(.deviceNotRecognized)])
    }

    @Test func joiningALinkThatWasAlreadyUpAsksForInfoAtOnce() {
        var h = SessionHarness()
        h.input(.start)
        h.input(.portOpened)
        h.line("B:BRIDGE,1.0.0")
        let actions = h.line("B:STATUS,CONNECTED,C0:FF:EE:12:34:56")
        #expect(states(actions) == [.connected])
        #expect(sent(actions) == ["CMD:INFO"])
    }

    @Test func missingDeviceInfoIsRequestedAfterTwoSeconds() {
        var h = SessionHarness()
        h.input(.start)
        h.input(.portOpened)
        h.line("B:CONNECTED,C0:FF:EE:12:34:56")
        #expect(sent(h.advance(.milliseconds(1_999))).isEmpty)
        #expect(sent(h.advance(.milliseconds(1))).contains("CMD:INFO"))
    }

    @Test func aPlainRelayIsConnectedByDeviceLinesAlone() {
        var h = SessionHarness()
        h.input(.start)
        h.input(.portOpened)
        #expect(states(h.line("R:100")) == [.connected])
        #expect(!h.machine.behindBridge)
        #expect(h.machine.bridgeVersion == nil)
    }

    @Test func notReadyIsAnErrorStateUntilTheSensorRecovers() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        #expect(states(h.line("S:NOT_READY")) == [.error(.sensorNotReady)])
        #expect(states(h.line("S:READY")) == [.connected])
        h.line("S:NOT_READY")
        #expect(states(h.line("R:5")) == [.connected])
    }

    @Test func portFailuresRetryWithBackoffUpToThirtySeconds() {
        var h = SessionHarness()
        h.input(.start)
        #expect(states(h.input(.portFailed(.permissionDenied))) == [.error(.permissionDenied)])
        var delays: [Duration] = []
        for _ in 0..<7 {
            let before = h.now
            guard let deadline = h.machine.nextDeadline else { break }
            h.now = deadline
            #expect(h.input(.tick) == [.openPort])
            delays.append(h.now - before)
            h.input(.portFailed(.missing))
        }
        #expect(delays == [1, 2, 4, 8, 16, 30, 30].map { Duration.seconds($0) })
        #expect(h.machine.state == .error(.dongleMissing))
    }

    @Test func aConnectionResetsTheBackoff() {
        var h = SessionHarness()
        h.input(.start)
        h.input(.portFailed(.removed))
        h.advance(.seconds(1))
        h.input(.portFailed(.removed))
        h.advance(.seconds(2))
        h.input(.portOpened)
        h.line("R:1")
        h.input(.portFailed(.removed))
        #expect(h.machine.nextDeadline == h.now + .seconds(1))
    }

    @Test func hotplugReopensAtOnceInsteadOfWaitingOutTheBackoff() {
        var h = SessionHarness()
        h.input(.start)
        h.input(.portFailed(.removed))
        #expect(h.input(.portAppeared) == [.openPort])
        h.input(.portOpened)
        #expect(h.input(.portAppeared) == [])
    }

    @Test func stopClosesThePort() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        let actions = h.input(.stop)
        #expect(actions.first == .closePort)
        #expect(states(actions) == [.disconnected])
        #expect(h.machine.nextDeadline == nil)
    }

    /// Joining a link that was up before the port opened, readings can beat the bridge's status:
    /// the `D:` went by unseen, so the firmware is asked for at once, not after the handshake wait.
    @Test func readingsBeforeTheBridgeStatusStillAskForTheFirmwareAtOnce() {
        var h = SessionHarness()
        h.input(.start)
        h.input(.portOpened)
        h.line("R:100")
        #expect(h.machine.state == .connected)
        let actions = h.line("B:STATUS,CONNECTED,C0:FF:EE:00:00:01")
        #expect(actions.contains(.send(.device(.info))))
        #expect(h.machine.deviceAddress == BLEAddress("C0:FF:EE:00:00:01"))
        #expect(!h.advance(.seconds(3)).contains(.send(.device(.info))), "asked once, not again at the handshake timeout")
    }
}

@Suite struct LinkMachineStaleLinkTests {
    @Test func steadyReadingsNeverPing() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        #expect(sent(h.stream(for: .seconds(10))).isEmpty)
    }

    @Test func twoSecondsWithoutReadingsSendsPingAndPongKeepsTheLink() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        _ = h.stream(for: .seconds(1))
        let quiet = h.advance(.seconds(2))
        #expect(sent(quiet) == ["CMD:PING"])
        #expect(warnings(quiet) == [.noReadings])
        h.advance(.milliseconds(500))
        h.line("S:PONG")
        #expect(h.machine.state == .connected)
        let again = h.advance(.seconds(2))
        #expect(sent(again) == ["CMD:PING"])
        #expect(warnings(again) == [], "the silence is reported once")
    }

    @Test func noPongWithinOneSecondIsStaleAndTheBridgeIsAskedToReconnect() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        h.advance(.seconds(2))
        #expect(sent(h.advance(.milliseconds(999))).isEmpty)
        let stale = h.advance(.milliseconds(1))
        #expect(warnings(stale) == [.staleLink])
        #expect(sent(stale) == ["BRIDGE:SCAN"])
        #expect(states(stale) == [.scanning])
        #expect(h.machine.firmware == nil)
    }

    @Test func aStaleLinkBehindAPlainRelayReopensThePort() {
        var h = SessionHarness()
        h.input(.start)
        h.input(.portOpened)
        h.line("R:1")
        h.advance(.seconds(2))
        let stale = h.advance(.seconds(1))
        #expect(stale.contains(.closePort))
        #expect(states(stale) == [.disconnected])
        #expect(h.advance(.seconds(1)).contains(.openPort))
    }
}

@Suite struct LinkMachineCommandTests {
    @Test func deviceCommandsWaitForTheLink() {
        var h = SessionHarness()
        h.input(.start)
        h.input(.portOpened)
        #expect(sent(h.input(.submit(.device(.tare)))).isEmpty)
        #expect(sent(h.line("B:CONNECTED,C0:FF:EE:12:34:56")) == ["CMD:TARE"])
        #expect(finished(h.line("S:TARED")) == [.succeeded(reply: .status(.tared))])
    }

    @Test func tareAnsweredNotReadyFailsAndFlagsTheSensor() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        h.input(.submit(.device(.tare)))
        let actions = h.line("S:NOT_READY")
        #expect(finished(actions) == [.failed(.sensorNotReady)])
        #expect(states(actions) == [.error(.sensorNotReady)])
    }

    @Test func noReplyIsRetriedOnceThenTimesOut() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        #expect(sent(h.input(.submit(.device(.tare)))) == ["CMD:TARE"])
        _ = h.stream(for: .milliseconds(1_900))
        let retry = h.advance(.milliseconds(100))
        #expect(sent(retry) == ["CMD:TARE"])
        _ = h.stream(for: .milliseconds(1_900))
        #expect(finished(h.advance(.milliseconds(100))) == [.failed(.timedOut(attempts: 2))])
    }

    @Test func aReplyToTheRetrySucceeds() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        h.input(.submit(.device(.ping)))
        h.advance(.seconds(1))
        #expect(finished(h.line("S:PONG")) == [.succeeded(reply: .status(.pong))])
    }

    /// `check` times each PING: with repeats off, one PING goes out and fails after its timeout,
    /// so a late PONG is never taken for a repeat's answer.
    @Test func aPingIsNotRepeatedWhenTheTimingsSaySo() {
        var timings = LinkTimings()
        timings.repeatsUnansweredPing = false
        var h = SessionHarness(machine: LinkMachine(timings: timings))
        h.connectedBehindBridge()
        #expect(sent(h.input(.submit(.device(.ping)))) == ["CMD:PING"])
        let timedOut = h.advance(.seconds(1))
        #expect(sent(timedOut).isEmpty)
        #expect(finished(timedOut) == [.failed(.timedOut(attempts: 1))])
        // Other commands are still repeated once.
        #expect(sent(h.input(.submit(.device(.tare)))) == ["CMD:TARE"])
        _ = h.stream(for: .milliseconds(1_900))
        #expect(sent(h.advance(.milliseconds(100))) == ["CMD:TARE"])
    }

    @Test func rateMustBeConfirmedWithTheSameInterval() throws {
        var h = SessionHarness()
        h.connectedBehindBridge()
        h.input(.submit(.device(.rate(try SampleRate(milliseconds: 50)))))
        #expect(finished(h.line("S:RATE:100")) == [.failed(.unexpectedReply(.status(.rate(100))))])
        h.input(.submit(.device(.rate(try SampleRate(milliseconds: 50)))))
        #expect(finished(h.line("S:RATE:50")) == [.succeeded(reply: .status(.rate(50)))])
    }

    @Test func dataLostIsAGapWarningAndNeverEndsTheCommand() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        h.input(.submit(.device(.ping)))
        let lost = h.line("B:ERROR,DATA_LOST,14")
        #expect(warnings(lost) == [.dataLost])
        #expect(finished(lost).isEmpty)
        #expect(finished(h.line("S:PONG")).count == 1)
        #expect(warnings(h.line("B:ERROR,DATA_LOST")) == [.dataLost])
    }

    @Test func writeTimeoutEndsTheCommand() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        h.input(.submit(.device(.tare)))
        #expect(finished(h.line("B:ERROR,WRITE_TIMEOUT")) == [.failed(.bridge(.writeTimeout))])
    }

    @Test func bridgeErrorsEndTheCommand() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        h.input(.submit(.device(.info)))
        #expect(finished(h.line("B:ERROR,NOT_CONNECTED")) == [.failed(.bridge(.notConnected))])
    }

    @Test func writeFailedCountsAsATryAndIsRetried() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        h.input(.submit(.device(.ping)))
        let retry = h.line("B:ERROR,WRITE_FAILED")
        #expect(sent(retry) == ["CMD:PING"])
        #expect(finished(h.line("B:ERROR,WRITE_FAILED")) == [.failed(.timedOut(attempts: 2))])
    }

    @Test func losingTheLinkFailsTheWaitingCommand() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        h.input(.submit(.device(.tare)))
        #expect(finished(h.line("B:DISCONNECTED,C0:FF:EE:12:34:56,0x08")) == [.failed(.linkLost)])
        h.input(.submit(.device(.ping)))
        #expect(finished(h.input(.portFailed(.removed))) == [])
    }

    @Test func commandsGoOneAtATimeInOrder() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        #expect(sent(h.input(.submit(.device(.tare)))) == ["CMD:TARE"])
        #expect(sent(h.input(.submit(.device(.ping)))).isEmpty)
        #expect(sent(h.line("S:TARED")) == ["CMD:PING"])
    }

    @Test func bridgeCommandsGoOutWithoutALink() {
        var h = SessionHarness()
        h.input(.start)
        h.input(.portOpened)
        #expect(sent(h.input(.submit(.bridge(.info)))) == ["BRIDGE:INFO"])
        let reply = h.line("B:BRIDGE,1.0.0")
        #expect(finished(reply) == [.succeeded(reply: .bridge(.hello(version: "1.0.0")))])
        let pin = h.input(.submit(.bridge(.pin(nil))))
        #expect(sent(pin) == ["BRIDGE:PIN,NONE"])
        #expect(finished(pin) == [.succeeded(reply: nil)])
    }
}

@Suite struct LinkMachineWarningTests {
    @Test func badLinesBecomeWarningsWithTheirBytes() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        let actions =
            h.line("R:abc") + h.line("X:hello") + h.input(.framing(.invalidUTF8([0xFF])))
            + h.input(.framing(.lineTooLong(head: [0x41])))
        let reported = actions.compactMap { if case .report(.warning(let warning)) = $0 { warning } else { nil } }
        #expect(
            reported == [
                LinkWarning(.malformed(.nonNumericReading), raw: Array("R:abc".utf8)),
                LinkWarning(.unknownLine, raw: Array("X:hello".utf8)),
                LinkWarning(.invalidUTF8, raw: [0xFF]),
                LinkWarning(.lineTooLong, raw: [0x41]),
            ]
        )
        #expect(reported.allSatisfy { $0.isBadLine })
        #expect(h.machine.state == .connected)
    }

    @Test func anUnsolicitedBridgeErrorIsAWarning() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        #expect(warnings(h.line("B:ERROR,LINE_TOO_LONG")) == [.bridgeError])
    }

    @Test func readingsArePassedThrough() {
        var h = SessionHarness()
        h.connectedBehindBridge()
        #expect(h.line("R:-42") == [.report(.message(.reading(-42)))])
    }
}
