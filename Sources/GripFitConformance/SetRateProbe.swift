import GripFitCore

/// `set-rate`: each rate asked is confirmed with `S:RATE:<ms>`; the measured ones also stream at
/// that interval; then the default is asked for again and confirmed, so later cases and the next
/// user find the device as it was. A window whose edges a busy host did not see is measured again
/// (up to ``ReadingWindow/attempts``), so the verdict is on the device's pace, not the scheduler's.
struct SetRateProbe: ConformanceProbe {
    let kind = ConformanceCase.setRate
    let settings: ConformanceSettings
    private var remaining: [Int]
    private var asking: (milliseconds: Int, command: PendingCommand)?
    private var measuring: (milliseconds: Int, window: ReadingWindow, attempt: Int)?
    private var restoring = false
    private var problems: [String] = []
    private var figures: [Figure] = []

    init(settings: ConformanceSettings) {
        self.settings = settings
        remaining = settings.confirmedRates
    }

    mutating func handle(_ event: ProbeEvent, at now: MonotonicInstant, observed: RunObservations) -> ProbeStep {
        if let pending = asking {
            guard let outcome = pending.command.outcome(of: event, at: now) else { return .running }
            asking = nil
            return confirmed(pending.milliseconds, outcome, pending.command, now)
        }
        if var current = measuring {
            let closed = current.window.collect(event, at: now)
            measuring = current
            guard closed else { return .running }
            if !current.window.sawBothEdges(), current.attempt < ReadingWindow.attempts {
                measuring = (current.milliseconds, current.window.again(from: now), current.attempt + 1)
                return .running
            }
            measuring = nil
            figures.append(Figure("rate_\(current.milliseconds)_windows", Double(current.attempt)))
            judge(current.milliseconds, Array(current.window.pacedArrivals))
            return askNext(now)
        }
        return event == .start ? askNext(now) : .running
    }

    private mutating func confirmed(
        _ milliseconds: Int,
        _ outcome: CommandOutcome,
        _ command: PendingCommand,
        _ now: MonotonicInstant
    ) -> ProbeStep {
        let label = restoring ? "restored" : "rate_\(milliseconds)_confirmed"
        switch outcome {
        case .succeeded:
            figures.append(Figure(label, text: "yes"))
            figures.append(Figure(restoring ? "restore_reply" : "rate_\(milliseconds)_reply", milliseconds: now - command.sentAt))
            if !restoring, settings.measuredRates.contains(milliseconds) {
                let window = ReadingWindow(
                    opens: now + settings.settle,
                    length: settings.rateWindow(milliseconds: milliseconds),
                    pace: .milliseconds(milliseconds)
                )
                measuring = (milliseconds, window, 1)
                return .running
            }
        case .failed(let failure):
            figures.append(Figure(label, text: "no"))
            problems.append(PendingCommand.describe(failure, of: command.command, expecting: "S:RATE:\(milliseconds)"))
        }
        return askNext(now)
    }

    private mutating func judge(_ milliseconds: Int, _ arrivals: [MonotonicInstant]) {
        let nominal = Duration.milliseconds(milliseconds)
        guard let statistics = IntervalStatistics(arrivals: arrivals) else {
            figures.append(Figure("rate_\(milliseconds)_readings", Double(arrivals.count)))
            problems.append("after S:RATE:\(milliseconds) only \(arrivals.count) readings arrived")
            return
        }
        figures.append(Figure("rate_\(milliseconds)_mean_interval", milliseconds: statistics.meanInterval))
        figures.append(Figure("rate_\(milliseconds)_readings", Double(statistics.readings)))
        if statistics.deviation(from: nominal) > settings.rateTolerance {
            problems.append(
                "S:RATE:\(milliseconds) confirmed but readings came every \(DefaultRateProbe.format(statistics.meanInterval)) "
                    + "ms (expected \(milliseconds) ms ± \(Int(settings.rateTolerance * 100)) %)"
            )
        }
    }

    private mutating func askNext(_ now: MonotonicInstant) -> ProbeStep {
        let next: Int
        if let rate = remaining.first {
            remaining.removeFirst()
            next = rate
        } else if !restoring {
            restoring = true
            next = settings.defaultRate
        } else {
            return .finished(problems.isEmpty ? .passed : .failed(problems.joined(separator: "; ")), figures)
        }
        guard let rate = try? SampleRate(milliseconds: next) else {
            problems.append("\(next) ms is outside the spec's 20–1000 ms")
            return askNext(now)
        }
        let command = Command.device(.rate(rate))
        asking = (next, PendingCommand(command, at: now, bound: settings.commandBound))
        return .running(send: [command])
    }
}
