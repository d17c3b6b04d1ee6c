extension Command {
    var isDeviceCommand: Bool {
        if case .device = self { return true }
        return false
    }

    /// `BRIDGE:AUTO` and `BRIDGE:PIN` have no reply in the protocol; they are done once written.
    var expectsReply: Bool {
        switch self {
        case .bridge(.autoConnect), .bridge(.pin): false
        default: true
        }
    }

    /// How `message` ends this command, or nil when it is not a reply to it.
    func outcome(for message: Message) -> CommandOutcome? {
        if case .bridge(.error(let code, _)) = message, code.answersCommand {
            return .failed(.bridge(code))
        }
        switch (self, message) {
        case (.device(.ping), .status(.pong)),
            (.device(.tare), .status(.tared)),
            (.device(.info), .device),
            (.bridge(.info), .bridge(.hello)),
            (.bridge(.status), .bridge(.status)),
            (.bridge(.scan), .bridge(.scanning)),
            (.bridge(.disconnect), .bridge(.disconnected)),
            (.bridge(.connect), .bridge(.connecting)),
            (.bridge(.connect), .bridge(.connected)):
            return .succeeded(reply: message)
        case (.device(.tare), .status(.notReady)):
            return .failed(.sensorNotReady)
        case (.device(.rate(let asked)), .status(.rate(let confirmed))):
            return asked.milliseconds == confirmed ? .succeeded(reply: message) : .failed(.unexpectedReply(message))
        default:
            return nil
        }
    }
}
