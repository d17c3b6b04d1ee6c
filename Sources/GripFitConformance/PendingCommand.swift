import GripFitCore

/// A command a case submitted and is waiting on, with its own deadline: the session fails a
/// command that goes unanswered, but a device command waits for a link that may never come back.
struct PendingCommand: Equatable, Sendable {
    let command: Command
    let sentAt: MonotonicInstant
    let deadline: MonotonicInstant

    init(_ command: Command, at now: MonotonicInstant, bound: Duration) {
        self.command = command
        sentAt = now
        deadline = now + bound
    }

    /// The command's outcome if `event` ends it, including running out of time.
    func outcome(of event: ProbeEvent, at now: MonotonicInstant) -> CommandOutcome? {
        switch event {
        case .report(.commandFinished(let finished, let outcome)) where finished == command:
            return outcome
        case .tick where now >= deadline:
            return .failed(.timedOut(attempts: 0))
        default:
            return nil
        }
    }

    /// The outcome in words, for a failure message.
    static func describe(_ failure: CommandFailure, of command: Command, expecting reply: String) -> String {
        switch failure {
        case .timedOut(let attempts) where attempts > 0:
            "no \(reply) in reply to \(command.line) after \(attempts) tries"
        case .timedOut:
            "no \(reply) in reply to \(command.line): the link did not carry it"
        case .sensorNotReady:
            "\(command.line) answered S:NOT_READY: the HX711 load-cell amplifier does not respond (check the sensor wiring, or "
                + "power-cycle the GripFit)"
        case .bridge(let code):
            "the bridge refused \(command.line): B:ERROR,\(code.rawValue)"
        case .unexpectedReply(let message):
            "\(command.line) answered \(line(of: message)) instead of \(reply)"
        case .linkLost:
            "the link dropped while \(command.line) waited for \(reply)"
        }
    }

    /// The device line a reply was parsed from, as near as the message tells.
    static func line(of message: Message) -> String {
        switch message {
        case .reading(let value): "R:\(value)"
        case .status(.rate(let milliseconds)): "S:RATE:\(milliseconds)"
        case .status(let status): "S:\(status.name)"
        case .device(let info): "D:\(info.name),\(info.firmware)"
        case .unknown(let text): text
        case .bridge(let event): "B:\(event)"
        }
    }
}
