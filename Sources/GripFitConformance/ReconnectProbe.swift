import GripFitCore

/// `reconnect`: `BRIDGE:DISCONNECT`, then the link, the `D:` handshake and the readings come back
/// within the bound. Skipped behind a plain relay, which has no bridge to tell.
struct ReconnectProbe: ConformanceProbe {
    let kind = ConformanceCase.reconnect
    let settings: ConformanceSettings
    private var asking: PendingCommand?
    private var disconnectedAt: MonotonicInstant?
    private var connectedAt: MonotonicInstant?
    private var firstReadingAt: MonotonicInstant?

    init(settings: ConformanceSettings) {
        self.settings = settings
    }

    mutating func handle(_ event: ProbeEvent, at now: MonotonicInstant, observed: RunObservations) -> ProbeStep {
        if event == .start {
            guard observed.behindBridge else {
                return .finished(.skipped("no bridge lines seen: a plain relay cannot be told to disconnect"), [])
            }
            let command = PendingCommand(.bridge(.disconnect), at: now, bound: settings.commandBound)
            asking = command
            return .running(send: [command.command])
        }
        if let asking {
            guard let outcome = asking.outcome(of: event, at: now) else { return .running }
            self.asking = nil
            if case .failed(let failure) = outcome {
                return .finished(.failed(PendingCommand.describe(failure, of: asking.command, expecting: "B:DISCONNECTED")), [])
            }
            disconnectedAt = now
            return .running
        }
        guard let disconnectedAt else { return .running }
        if connectedAt == nil, let up = observed.lastConnectedAt, up > disconnectedAt { connectedAt = up }
        if let connectedAt, firstReadingAt == nil, case .report(.message(.reading)) = event, now >= connectedAt {
            firstReadingAt = now
        }
        let greetedAt = connectedAt.flatMap { up in observed.lastDeviceInfoAt.flatMap { $0 >= up ? $0 : nil } }
        if let connectedAt, let greetedAt, let firstReadingAt {
            return judge(disconnectedAt, connectedAt, greetedAt, firstReadingAt)
        }
        if now >= disconnectedAt + settings.reconnectBound {
            let missing = connectedAt == nil ? "the link" : greetedAt == nil ? "the D: handshake" : "the readings"
            return .finished(
                .failed("\(missing) did not come back within \(Int(settings.reconnectBound.milliseconds)) ms of BRIDGE:DISCONNECT"),
                figures(disconnectedAt, connectedAt, greetedAt, firstReadingAt)
            )
        }
        return .running
    }

    private func judge(
        _ down: MonotonicInstant,
        _ up: MonotonicInstant,
        _ greeted: MonotonicInstant,
        _ streaming: MonotonicInstant
    ) -> ProbeStep {
        let figures = figures(down, up, greeted, streaming)
        if greeted - up > settings.handshakeBound {
            return .finished(
                .failed(
                    "D: came \(Int((greeted - up).milliseconds)) ms after reconnecting; the bound is "
                        + "\(Int(settings.handshakeBound.milliseconds)) ms"
                ),
                figures
            )
        }
        return .finished(.passed, figures)
    }

    private func figures(
        _ down: MonotonicInstant,
        _ up: MonotonicInstant?,
        _ greeted: MonotonicInstant?,
        _ streaming: MonotonicInstant?
    ) -> [Figure] {
        var figures: [Figure] = []
        if let up { figures.append(Figure("link_back_after", milliseconds: up - down)) }
        if let up, let greeted { figures.append(Figure("device_info_after_link", milliseconds: greeted - up)) }
        if let streaming { figures.append(Figure("first_reading_after", milliseconds: streaming - down)) }
        return figures
    }
}
