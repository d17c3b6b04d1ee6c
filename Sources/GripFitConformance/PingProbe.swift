import GripFitCore

/// `ping`: N pings one after another, each `CMD:PING` → `S:PONG`, latency p50/p99 from submit to
/// reply. Only this case's own pings count: the session's stale-link PING goes out only after 2 s
/// without readings and is not a submitted command, so while the stream runs its PONG is not counted.
struct PingProbe: ConformanceProbe {
    let kind = ConformanceCase.ping
    let settings: ConformanceSettings
    private var asking: PendingCommand?
    private var latencies: [Duration] = []
    private var unanswered = 0
    private var sent = 0

    init(settings: ConformanceSettings) {
        self.settings = settings
    }

    mutating func handle(_ event: ProbeEvent, at now: MonotonicInstant, observed: RunObservations) -> ProbeStep {
        if let asking {
            guard let outcome = asking.outcome(of: event, at: now) else { return .running }
            if case .succeeded = outcome { latencies.append(now - asking.sentAt) } else { unanswered += 1 }
            self.asking = nil
        } else if event != .start {
            return .running
        }
        guard sent < settings.pingCount else {
            let verdict = Self.verdict(latencies, unanswered: unanswered, settings: settings)
            return .finished(verdict.verdict, verdict.figures)
        }
        sent += 1
        let command = PendingCommand(.device(.ping), at: now, bound: settings.commandBound)
        asking = command
        return .running(send: [command.command])
    }

    static func verdict(_ latencies: [Duration], unanswered: Int, settings: ConformanceSettings) -> (verdict: CaseVerdict, figures: [Figure]) {
        let percentiles = DurationPercentiles(latencies)
        var figures = [Figure("pings", Double(latencies.count + unanswered)), Figure("unanswered", Double(unanswered))]
        var problems: [String] = []
        if let p50 = percentiles.milliseconds(at: 50), let p99 = percentiles.milliseconds(at: 99) {
            figures.append(Figure("latency_p50", Figure.rounded(p50), unit: "ms"))
            figures.append(Figure("latency_p99", Figure.rounded(p99), unit: "ms"))
            if p99 > settings.maximumPingP99.milliseconds {
                problems.append("PONG latency p99 \(Figure.rounded(p99)) ms exceeds \(Int(settings.maximumPingP99.milliseconds)) ms")
            }
        }
        if unanswered > 0 {
            problems.append("\(unanswered) of \(latencies.count + unanswered) pings got no S:PONG")
        }
        return (problems.isEmpty ? .passed : .failed(problems.joined(separator: "; ")), figures)
    }
}
