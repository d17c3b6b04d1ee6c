import GripFitCore

/// What a case says after each event: keep going (sending these commands), or its verdict.
public enum ProbeStep: Equatable, Sendable {
    case running(send: [Command])
    case finished(CaseVerdict, [Figure])

    public static let running = ProbeStep.running(send: [])
}
