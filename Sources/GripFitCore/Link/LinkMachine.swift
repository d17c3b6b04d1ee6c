/// The host's view of one dongle and the GripFit behind it.
///
/// Pure: inputs in, actions out, the current time passed with each input. The driver performs
/// the actions and calls `handle(.tick, now:)` at ``nextDeadline``. A plain relay that sends no
/// `B:` lines works too: device lines alone mean the link is up.
public struct LinkMachine: Sendable {
    public private(set) var state: LinkState = .disconnected
    /// The GripFit's firmware version, once `D:` has arrived on this link.
    public private(set) var firmware: String?
    /// The bridge's firmware version, once `B:BRIDGE` has arrived; nil behind a plain relay.
    public private(set) var bridgeVersion: String?
    /// The GripFit's address as the bridge reported it.
    public private(set) var deviceAddress: BLEAddress?

    private var timings: LinkTimings
    private var portOpen = false
    private var reopenAt: MonotonicInstant?
    private var stateDeadline: MonotonicInstant?
    private var handshakeAt: MonotonicInstant?
    private var lastActivity = MonotonicInstant.zero
    private var lastReading = MonotonicInstant.zero
    private var stalePingDeadline: MonotonicInstant?
    private var warnedSilent = false
    private var queue: [Command] = []
    private var inFlight: InFlight?

    private struct InFlight: Sendable {
        var command: Command
        var attempts: Int
        var deadline: MonotonicInstant
    }

    public init(timings: LinkTimings = LinkTimings()) {
        self.timings = timings
    }

    /// The earliest time at which `tick` has work to do.
    /// Asked at every wake-up of the driver's loop, so it builds no array.
    public var nextDeadline: MonotonicInstant? {
        var earliest = MonotonicInstant.earliest(reopenAt, stateDeadline)
        earliest = .earliest(earliest, .earliest(handshakeAt, stalePingDeadline))
        earliest = .earliest(earliest, inFlight?.deadline)
        if state == .connected, stalePingDeadline == nil {
            earliest = .earliest(earliest, lastActivity + timings.staleAfter)
        }
        return earliest
    }

    /// Whether a `B:` line has been seen on this port, so the host talks to a bridge, not a plain relay.
    public var behindBridge: Bool { bridgeVersion != nil || sawBridgeLine }
    private var sawBridgeLine = false

    public mutating func handle(_ input: LinkInput, now: MonotonicInstant) -> [LinkAction] {
        var actions: [LinkAction] = []
        handle(input, now: now, into: &actions)
        return actions
    }

    /// Appends the actions for `input` to `actions`: a driver that reuses one array allocates
    /// nothing per reading.
    public mutating func handle(_ input: LinkInput, now: MonotonicInstant, into actions: inout [LinkAction]) {
        switch input {
        case .start:
            actions.append(.openPort)
        case .portOpened:
            portOpen = true
            reopenAt = nil
            sawBridgeLine = false
            bridgeVersion = nil
            enter(.scanning, deadline: now + timings.scanTimeout, &actions)
            sendNext(now, &actions)
        case .portFailed(let failure):
            portOpen = false
            sawBridgeLine = false
            linkDown(&actions)
            enter(.error(failure.errorKind), deadline: nil, &actions)
            reopenAt = now + timings.reconnect.next()
        case .portAppeared:
            if !portOpen {
                reopenAt = nil
                actions.append(.openPort)
            }
        case .message(let message):
            receive(message, now, &actions)
        case .malformed(let error):
            actions.append(.report(.warning(LinkWarning(error))))
        case .framing(let error):
            actions.append(.report(.warning(LinkWarning(error))))
        case .submit(let command):
            queue.append(command)
            sendNext(now, &actions)
        case .tick:
            tick(now, &actions)
        case .stop:
            if portOpen { actions.append(.closePort) }
            portOpen = false
            reopenAt = nil
            linkDown(&actions)
            enter(.disconnected, deadline: nil, &actions)
        }
    }

    // MARK: - Messages

    private mutating func receive(_ message: Message, _ now: MonotonicInstant, _ actions: inout [LinkAction]) {
        switch message {
        case .unknown(let line):
            actions.append(.report(.warning(LinkWarning(.unknownLine, raw: Array(line.utf8)))))
            return
        case .bridge(let event):
            sawBridgeLine = true
            actions.append(.report(.message(message)))
            receive(event, now, &actions)
        case .reading:
            deviceLineArrived(now, &actions)
            lastReading = now
            lastActivity = now
            stalePingDeadline = nil
            warnedSilent = false
            if state == .error(.sensorNotReady) { enter(.connected, deadline: nil, &actions) }
            actions.append(.report(.message(message)))
        case .status(let status):
            deviceLineArrived(now, &actions)
            actions.append(.report(.message(message)))
            switch status {
            case .notReady:
                enter(.error(.sensorNotReady), deadline: nil, &actions)
            case .ready:
                if state == .error(.sensorNotReady) { enter(.connected, deadline: nil, &actions) }
            case .pong:
                lastActivity = now
                stalePingDeadline = nil
            case .tared, .rate:
                break
            }
        case .device(let info):
            deviceLineArrived(now, &actions)
            firmware = info.firmware
            handshakeAt = nil
            actions.append(.report(.message(message)))
        }
        complete(with: message, now, &actions)
    }

    private mutating func receive(_ event: BridgeEvent, _ now: MonotonicInstant, _ actions: inout [LinkAction]) {
        switch event {
        case .hello(let version):
            bridgeVersion = version
            // The bridge may already hold a link from before this port was opened.
            actions.append(.send(.bridge(.status)))
        case .scanning:
            if state != .connected { enter(.scanning, deadline: now + timings.scanTimeout, &actions) }
        case .found:
            break
        case .connecting(let address):
            deviceAddress = address
            enter(.connecting, deadline: now + timings.connectTimeout, &actions)
        case .connected(let address):
            deviceAddress = address
            enterConnected(askInfo: false, now, &actions)
        case .disconnected:
            linkDown(&actions)
            enter(.disconnected, deadline: nil, &actions)
        case .notFound:
            enter(.error(.deviceNotFound), deadline: nil, &actions)
        case .notRecognized:
            linkDown(&actions)
            enter(.error(.deviceNotRecognized), deadline: nil, &actions)
        case .status(let linkState, let address):
            if let address { deviceAddress = address }
            switch linkState {
            case .idle:
                if state == .connected { linkDown(&actions) }
                enter(.disconnected, deadline: nil, &actions)
            case .scanning:
                enter(.scanning, deadline: now + timings.scanTimeout, &actions)
            case .connecting:
                enter(.connecting, deadline: now + timings.connectTimeout, &actions)
            case .connected:
                if state != .connected, state != .error(.sensorNotReady) {
                    // Joined a link that was up before the port opened: its `D:` went by unseen.
                    enterConnected(askInfo: firmware == nil, now, &actions)
                } else if firmware == nil, handshakeAt != nil {
                    // Readings came first, but the bridge says the link predates the port: no `D:` is coming.
                    handshakeAt = nil
                    actions.append(.send(.device(.info)))
                }
            }
        case .error(let code, let detail):
            let line = Array(("B:ERROR,\(code.rawValue)" + (detail.map { ",\($0)" } ?? "")).utf8)
            if code == .dataLost {
                // Lines the bridge never relayed: a gap in the readings, never a command's answer.
                actions.append(.report(.warning(LinkWarning(.dataLost, raw: line))))
            } else if inFlight == nil || !code.answersCommand {
                actions.append(.report(.warning(LinkWarning(.bridgeError, raw: line))))
            }
        }
    }

    /// Device lines prove the link is up even when no bridge said so.
    private mutating func deviceLineArrived(_ now: MonotonicInstant, _ actions: inout [LinkAction]) {
        switch state {
        case .connected, .error(.sensorNotReady): break
        default: enterConnected(askInfo: false, now, &actions)
        }
    }

    private mutating func enterConnected(askInfo: Bool, _ now: MonotonicInstant, _ actions: inout [LinkAction]) {
        timings.reconnect.reset()
        lastActivity = now
        lastReading = now
        warnedSilent = false
        stalePingDeadline = nil
        enter(.connected, deadline: nil, &actions)
        if askInfo {
            actions.append(.send(.device(.info)))
        } else if firmware == nil {
            handshakeAt = now + timings.handshakeTimeout
        }
        sendNext(now, &actions)
    }

    private mutating func linkDown(_ actions: inout [LinkAction]) {
        firmware = nil
        handshakeAt = nil
        stalePingDeadline = nil
        if let inFlight, !portOpen || inFlight.command.isDeviceCommand {
            self.inFlight = nil
            actions.append(.report(.commandFinished(inFlight.command, .failed(.linkLost))))
        }
    }

    private mutating func enter(_ newState: LinkState, deadline: MonotonicInstant?, _ actions: inout [LinkAction]) {
        stateDeadline = deadline
        guard newState != state else { return }
        state = newState
        actions.append(.report(.state(newState)))
    }

    // MARK: - Commands

    private mutating func sendNext(_ now: MonotonicInstant, _ actions: inout [LinkAction]) {
        guard inFlight == nil, portOpen else { return }
        guard let index = queue.firstIndex(where: { !$0.isDeviceCommand || state == .connected }) else { return }
        let command = queue.remove(at: index)
        actions.append(.send(command))
        if command.expectsReply {
            inFlight = InFlight(command: command, attempts: 1, deadline: now + timings.replyTimeout(for: command))
        } else {
            actions.append(.report(.commandFinished(command, .succeeded(reply: nil))))
            sendNext(now, &actions)
        }
    }

    private mutating func complete(with message: Message, _ now: MonotonicInstant, _ actions: inout [LinkAction]) {
        guard let pending = inFlight, let outcome = pending.command.outcome(for: message) else { return }
        if outcome == .failed(.bridge(.writeFailed)) {
            retryOrFail(pending, now, &actions)
            return
        }
        inFlight = nil
        actions.append(.report(.commandFinished(pending.command, outcome)))
        sendNext(now, &actions)
    }

    private mutating func retryOrFail(_ pending: InFlight, _ now: MonotonicInstant, _ actions: inout [LinkAction]) {
        if pending.attempts < 2 {
            inFlight = InFlight(
                command: pending.command,
                attempts: pending.attempts + 1,
                deadline: now + timings.replyTimeout(for: pending.command)
            )
            actions.append(.send(pending.command))
        } else {
            fail(pending, now, &actions)
        }
    }

    private mutating func fail(_ pending: InFlight, _ now: MonotonicInstant, _ actions: inout [LinkAction]) {
        inFlight = nil
        actions.append(.report(.commandFinished(pending.command, .failed(.timedOut(attempts: pending.attempts)))))
        sendNext(now, &actions)
    }

    // MARK: - Time

    private mutating func tick(_ now: MonotonicInstant, _ actions: inout [LinkAction]) {
        if let reopenAt, reopenAt <= now {
            self.reopenAt = nil
            actions.append(.openPort)
        }
        if let deadline = stateDeadline, deadline <= now {
            stateDeadline = nil
            switch state {
            case .scanning: enter(.error(.deviceNotFound), deadline: nil, &actions)
            case .connecting: enter(.error(.connectionTimeout), deadline: nil, &actions)
            default: break
            }
        }
        if let pending = inFlight, pending.deadline <= now {
            if pending.command == .device(.ping), !timings.repeatsUnansweredPing {
                fail(pending, now, &actions)
            } else {
                retryOrFail(pending, now, &actions)
            }
        }
        guard state == .connected else { return }
        if let handshakeAt, handshakeAt <= now {
            self.handshakeAt = nil
            actions.append(.send(.device(.info)))
        }
        if let deadline = stalePingDeadline {
            if deadline <= now { staleLink(now, &actions) }
        } else if lastActivity + timings.staleAfter <= now {
            if !warnedSilent {
                warnedSilent = true
                actions.append(.report(.warning(LinkWarning(.noReadings))))
            }
            stalePingDeadline = now + timings.pongTimeout
            actions.append(.send(.device(.ping)))
        }
    }

    private mutating func staleLink(_ now: MonotonicInstant, _ actions: inout [LinkAction]) {
        stalePingDeadline = nil
        actions.append(.report(.warning(LinkWarning(.staleLink))))
        linkDown(&actions)
        if behindBridge {
            actions.append(.send(.bridge(.scan)))
            enter(.scanning, deadline: now + timings.scanTimeout, &actions)
        } else {
            actions.append(.closePort)
            portOpen = false
            enter(.disconnected, deadline: nil, &actions)
            reopenAt = now + timings.reconnect.next()
        }
    }
}
