import GripFitCore

/// `tare`: `CMD:TARE` → `S:TARED`, then the unloaded readings that follow centre near 0. The
/// device must sit unloaded during the run (the simulator's load is set to zero for `check`).
struct TareProbe: ConformanceProbe {
    let kind = ConformanceCase.tare
    let settings: ConformanceSettings
    private var asking: PendingCommand?
    private var window: ReadingWindow?
    private var figures: [Figure] = []

    init(settings: ConformanceSettings) {
        self.settings = settings
    }

    mutating func handle(_ event: ProbeEvent, at now: MonotonicInstant, observed: RunObservations) -> ProbeStep {
        if event == .start {
            let command = PendingCommand(.device(.tare), at: now, bound: settings.commandBound)
            asking = command
            return .running(send: [command.command])
        }
        if let asking {
            guard let outcome = asking.outcome(of: event, at: now) else { return .running }
            self.asking = nil
            switch outcome {
            case .succeeded:
                figures.append(Figure("tare_reply", milliseconds: now - asking.sentAt))
                window = ReadingWindow(opens: now + settings.settle, length: settings.tareWindow)
                return .running
            case .failed(let failure):
                return .finished(.failed(PendingCommand.describe(failure, of: asking.command, expecting: "S:TARED")), figures)
            }
        }
        guard var window else { return .running }
        let closed = window.collect(event, at: now)
        self.window = window
        guard closed else { return .running }
        let verdict = Self.verdict(window.values, settings: settings)
        return .finished(verdict.verdict, figures + verdict.figures)
    }

    /// The rules on the readings after the tare: their median within the tolerance of 0, and
    /// their spread within its limit when one is set.
    static func verdict(_ values: [Int32], settings: ConformanceSettings) -> (verdict: CaseVerdict, figures: [Figure]) {
        var figures = [Figure("readings_after_tare", Double(values.count))]
        let sorted = values.sorted()
        guard let lowest = sorted.first, let highest = sorted.last else { return (.failed("no readings after S:TARED"), figures) }
        let median = Int(sorted[sorted.count / 2])
        // Int32 readings, widened first: their difference fits in an Int.
        let spread = Int(highest) - Int(lowest)
        figures.append(Figure("median_after_tare", Double(median), unit: "counts"))
        figures.append(Figure("spread_after_tare", Double(spread), unit: "counts"))
        var problems: [String] = []
        if abs(median) > settings.tareTolerance {
            // A weight left on the handle, or a hand that let go after the tare, is the usual cause: say so.
            problems.append(
                "readings after S:TARED centre on \(median), not within ±\(settings.tareTolerance) of 0: "
                    + "the handle reads \(median) counts: is something on it?"
            )
        }
        if let limit = settings.maximumTareSpread, spread > limit {
            problems.append("readings after S:TARED spread over \(spread) counts, more than \(limit)")
        }
        return (problems.isEmpty ? .passed : .failed(problems.joined(separator: "; ")), figures)
    }
}
