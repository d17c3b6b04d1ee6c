import GripFitCore
import GripFitOutput

/// `monitor --format jsonl --commands -`: commands from a program (docs/command-channel.md), each
/// answered by a `reply` event with its id and outcome, written into the same output as the
/// stream's events, so a reply sits among the readings where its outcome happened. A session
/// consumer as every other: the session's reports in (the ends of its commands), commands out as
/// ``ConsumerAction/submit(_:)``, and a deadline: after the input ends, the commands still out get
/// ``drainLimit`` to be answered before the session ends.
///
/// The lines come from the platform's edge (GripFitLinux's `LineInput` on stdin, in the session's
/// poll loop) through ``receive(_:at:into:)`` and ``endOfInput(at:failure:into:)``, whose actions
/// the caller hands to the driver, as the live view's keys are. Malformed and unknown lines get an
/// `error` event and the session goes on. The first event is `session`, with ``schema``.
public final class CommandChannel: LinkConsumer {
    /// The version of the events' shape (docs/command-channel.schema.json): raised when a field
    /// changes meaning or goes away; new fields and events do not raise it.
    public static let schema = 1
    /// How long commands still waiting at the end of the input may take before the session ends.
    public static let drainLimit: Duration = .seconds(10)

    /// A command sent on and not answered yet.
    private struct Pending {
        var id: ChannelRequestID
        var name: String
        var command: Command
        var asked: MonotonicInstant
    }

    private let output: BatchedOutput
    private let wallTime: any WallTime
    private var pending: [Pending] = []
    private var inputEnded = false
    private var drainDeadline: MonotonicInstant?
    /// Since when the link could take the next command (it came up, or the one before was
    /// answered): a ping's round trip is counted from the later of this and its arrival.
    private var sendableSince: MonotonicInstant?

    /// Writes the `session` event first: the schema, the tool's version, and the port with the
    /// bridge's USB serial number when they are known.
    public init(
        output: BatchedOutput,
        wallTime: any WallTime,
        start: MonotonicInstant,
        tool: String,
        port: String? = nil,
        serial: String? = nil
    ) {
        self.output = output
        self.wallTime = wallTime
        var object = Self.event("session", at: start, wallTime: wallTime)
        object.set("schema", Self.schema)
        object.set("tool", tool)
        if let port { object.set("port", port) }
        if let serial { object.set("serial", serial) }
        object.set("commands", ChannelRequest.names)
        output.line(object.text)
    }

    /// Commands sent on and not answered yet.
    public var waiting: Int { pending.count }

    // MARK: - The program's side

    /// One line (or framing failure) from the program, at the time it arrived.
    public func receive(_ input: LineFramer.Output, at now: MonotonicInstant, into actions: inout [ConsumerAction]) {
        guard !inputEnded else { return }
        switch input {
        case .error(.lineTooLong(let head)):
            write(ChannelError(.malformed, "line too long: keep each command on one line under the limit", line: head), at: now)
        case .error(.invalidUTF8(let bytes)):
            write(ChannelError(.malformed, "line is not UTF-8: send JSON text", line: bytes), at: now)
        case .line(let line):
            // A blank line is no command: skipped, so a person typing into the channel may press Enter.
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { return }
            let request: ChannelRequest
            do {
                request = try ChannelRequest.parse(line)
            } catch {
                write(error, at: now)
                return
            }
            switch request.action {
            case .mark(let label):
                var object = reply(request.id, request.name, at: now)
                object.set("outcome", "ok")
                object.set("label", label)
                output.line(object.text)
            case .command(let command):
                pending.append(Pending(id: request.id, name: request.name, command: command, asked: now))
                actions.append(.submit(command))
            }
        }
    }

    /// The program closed its side (`failure`: reading it failed, as the error names it): the
    /// session ends once every command sent is answered, or at ``drainLimit``.
    public func endOfInput(at now: MonotonicInstant, failure: String? = nil, into actions: inout [ConsumerAction]) {
        guard !inputEnded else { return }
        inputEnded = true
        if let failure { write(ChannelError(.inputFailed, failure), at: now) }
        if pending.isEmpty {
            actions.append(.stop)
        } else {
            drainDeadline = now + Self.drainLimit
        }
    }

    // MARK: - The session's side

    public func handle(_ report: LinkReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        switch report {
        case .state(.connected):
            sendableSince = now
        case .commandFinished(let command, let outcome):
            defer { sendableSince = now }
            guard let index = pending.firstIndex(where: { $0.command == command }) else { return }
            let answered = pending.remove(at: index)
            answer(answered, outcome, at: now, link: link)
            if inputEnded, pending.isEmpty { actions.append(.stop) }
        default:
            break
        }
    }

    public var nextDeadline: MonotonicInstant? { drainDeadline }

    public func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        guard let drainDeadline, drainDeadline <= now else { return }
        self.drainDeadline = nil
        answerRemaining(at: now, link: link)
        actions.append(.stop)
    }

    public func idle(into actions: inout [ConsumerAction]) {
        if !output.flush() { actions.append(.stop) }
    }

    /// Commands still waiting when the session ended (a signal, `--duration`) are answered as
    /// failed, `session-ended`, so every id sent gets its reply; written out at once.
    public func finish(at now: MonotonicInstant, link: LinkFacts) {
        answerRemaining(at: now, link: link)
        output.flush()
    }

    // MARK: - Events

    private func answerRemaining(at now: MonotonicInstant, link: LinkFacts) {
        let remaining = pending
        pending.removeAll()
        for request in remaining {
            var object = reply(request.id, request.name, at: now)
            object.set("outcome", "failed")
            object.set("reason", "session-ended")
            object.set("message", "the session ended before the reply")
            output.line(object.text)
        }
    }

    private func answer(_ request: Pending, _ outcome: CommandOutcome, at now: MonotonicInstant, link: LinkFacts) {
        var object = reply(request.id, request.name, at: now)
        switch outcome {
        case .succeeded(let message):
            object.set("outcome", "ok")
            switch (request.command, message) {
            case (.device(.ping), _):
                let sent = max(request.asked, sendableSince ?? request.asked)
                object.set("round_trip_ms", ((now - sent).milliseconds * 10).rounded() / 10)
            case (_, .status(.rate(let milliseconds))?):
                object.set("rate_ms", milliseconds)
            case (_, .device(let info)?):
                object.set("name", info.name)
                object.set("firmware", info.firmware)
                if let bridge = link.bridgeVersion { object.set("bridge_version", bridge) }
                if let address = link.deviceAddress { object.set("address", address.description) }
            case (.bridge(.pin(let address)), _):
                if let address { object.set("address", address.description) } else { object.setNull("address") }
            default:
                break
            }
        case .failed(let failure):
            object.set("outcome", "failed")
            Self.describe(failure, into: &object)
        }
        output.line(object.text)
    }

    /// A failed command's `reason` (a stable word for programs), and a `message` for people.
    private static func describe(_ failure: CommandFailure, into object: inout JSONObject) {
        switch failure {
        case .timedOut(let attempts):
            object.set("reason", "timed-out")
            object.set("message", "no reply after \(attempts) \(attempts == 1 ? "try" : "tries")")
        case .sensorNotReady:
            object.set("reason", "sensor-not-ready")
            object.set("message", "the sensor did not respond (S:NOT_READY); check the GripFit's load cell")
        case .bridge(let code):
            object.set("reason", "bridge-error")
            object.set("code", code.rawValue)
            object.set("message", "the bridge refused it with B:ERROR,\(code.rawValue)")
        case .unexpectedReply(let message):
            object.set("reason", "unexpected-reply")
            if case .status(.rate(let milliseconds)) = message {
                object.set("rate_ms", milliseconds)
                object.set("message", "the GripFit confirmed \(milliseconds) ms instead")
            } else {
                object.set("message", "the GripFit answered something else")
            }
        case .linkLost:
            object.set("reason", "link-lost")
            object.set("message", "the link went down before the reply; send it again once connected")
        }
    }

    private func write(_ error: ChannelError, at now: MonotonicInstant) {
        var object = Self.event("error", at: now, wallTime: wallTime)
        error.id?.set("id", in: &object)
        object.set("error", error.kind.rawValue)
        object.set("message", error.message)
        if let line = error.line { object.set("line", UntrustedText.escaped(Array(line.prefix(Self.echoLimit)))) }
        output.line(object.text)
    }

    /// How much of a malformed line its error event echoes.
    private static let echoLimit = 200

    private func reply(_ id: ChannelRequestID, _ name: String, at now: MonotonicInstant) -> JSONObject {
        var object = Self.event("reply", at: now, wallTime: wallTime)
        id.set("id", in: &object)
        object.set("command", name)
        return object
    }

    private static func event(_ name: String, at now: MonotonicInstant, wallTime: any WallTime) -> JSONObject {
        var object = JSONObject()
        object.set("event", name)
        object.set("time", RFC3339.format(milliseconds: wallTime.epochMilliseconds(at: now)))
        return object
    }
}
