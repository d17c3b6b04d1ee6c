import GripFitCore

/// `ping`: exactly ``ConformanceSettings/pingCount`` pings one after another, each `CMD:PING` →
/// `S:PONG` within ``ConformanceSettings/pingTimeout``, latency p50/p99 from submit to reply.
///
/// A PONG carries nothing to say which PING it answers, and the device answers in order, so each
/// PONG is paired here with the oldest PING still owed one (the session would pair it with
/// whichever PING is waiting). A ping whose PONG has not come by the timeout is unanswered; its
/// PONG, when it comes, is counted late and answers nothing else. The session sends each PING once
/// (``LinkTimings/repeatsUnansweredPing`` off). Its stale-link PING goes out only after 2 s
/// without readings and is not a submitted command, so while the stream runs it does not interfere.
struct PingProbe: ConformanceProbe {
    let kind = ConformanceCase.ping
    let settings: ConformanceSettings
    /// The numbers of the pings sent and not yet answered, oldest first.
    private var owed: [Int] = []
    /// The numbers of the pings the session has not yet reported finished, oldest first: it
    /// reports its commands in order, so a report for a ping given up on is not the current one's.
    private var unreported: [Int] = []
    /// The ping being timed; `settled` once it was answered or ran out of time.
    private var current: (number: Int, command: PendingCommand, settled: Bool, sessionDone: Bool)?
    private var latencies: [Duration] = []
    private var unanswered = 0
    private var late = 0
    private var sent = 0

    init(settings: ConformanceSettings) {
        self.settings = settings
    }

    mutating func handle(_ event: ProbeEvent, at now: MonotonicInstant, observed: RunObservations) -> ProbeStep {
        switch event {
        case .start:
            return sendNext(now)
        case .report(.message(.status(.pong))):
            receivePong(now)
        case .report(.commandFinished(.device(.ping), let outcome)):
            sessionFinished(outcome)
        case .tick:
            if let ping = current, !ping.settled, now >= ping.command.sentAt + settings.pingTimeout {
                unanswered += 1
                current?.settled = true
            }
        default:
            break
        }
        guard let ping = current else { return .running }
        // The next PING waits for the session to let go of this one, or it would queue behind it
        // and its latency would include the wait; a session that never says is given up on.
        guard ping.settled, ping.sessionDone || now >= ping.command.deadline else { return .running }
        return sendNext(now)
    }

    private mutating func receivePong(_ now: MonotonicInstant) {
        guard !owed.isEmpty else { return }
        let number = owed.removeFirst()
        guard let ping = current, ping.number == number, !ping.settled else {
            late += 1
            return
        }
        latencies.append(now - ping.command.sentAt)
        current?.settled = true
    }

    private mutating func sessionFinished(_ outcome: CommandOutcome) {
        guard !unreported.isEmpty else { return }
        let number = unreported.removeFirst()
        let isCurrent = current?.number == number
        if isCurrent { current?.sessionDone = true }
        // Timed out, its PONG may still come (late); otherwise the PING was never carried, or the
        // link that carried it is gone: no PONG is owed for it.
        switch outcome {
        case .succeeded, .failed(.timedOut): return
        case .failed: break
        }
        owed.removeAll { $0 == number }
        if isCurrent, current?.settled == false {
            unanswered += 1
            current?.settled = true
        }
    }

    private mutating func sendNext(_ now: MonotonicInstant) -> ProbeStep {
        guard sent < settings.pingCount else {
            current = nil
            let verdict = Self.verdict(latencies, unanswered: unanswered, late: late, settings: settings)
            return .finished(verdict.verdict, verdict.figures)
        }
        sent += 1
        owed.append(sent)
        unreported.append(sent)
        let command = PendingCommand(.device(.ping), at: now, bound: settings.commandBound)
        current = (sent, command, false, false)
        return .running(send: [command.command])
    }

    /// `late`: PONGs that came after their ping's timeout, counted apart from the answers.
    static func verdict(
        _ latencies: [Duration],
        unanswered: Int,
        late: Int = 0,
        settings: ConformanceSettings
    ) -> (verdict: CaseVerdict, figures: [Figure]) {
        let percentiles = DurationPercentiles(latencies)
        let pings = latencies.count + unanswered
        var figures = [Figure("pings", Double(pings)), Figure("unanswered", Double(unanswered)), Figure("late_pongs", Double(late))]
        var problems: [String] = []
        if let p50 = percentiles.milliseconds(at: 50), let p99 = percentiles.milliseconds(at: 99) {
            figures.append(Figure("latency_p50", Figure.rounded(p50), unit: "ms"))
            figures.append(Figure("latency_p99", Figure.rounded(p99), unit: "ms"))
            if p99 > settings.maximumPingP99.milliseconds {
                problems.append("PONG latency p99 \(Figure.rounded(p99)) ms exceeds \(Int(settings.maximumPingP99.milliseconds)) ms")
            }
        }
        if unanswered > 0 {
            let lateNote = late > 0 ? " (\(late) came later)" : ""
            problems.append(
                "\(unanswered) of \(pings) pings got no S:PONG within \(Int(settings.pingTimeout.milliseconds)) ms\(lateNote)"
            )
        }
        return (problems.isEmpty ? .passed : .failed(problems.joined(separator: "; ")), figures)
    }
}
