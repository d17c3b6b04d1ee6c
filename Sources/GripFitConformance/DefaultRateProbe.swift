import GripFitCore

/// `default-rate`: readings every 100 ms (spec §1.5), judged on the mean interval, jitter p99 and
/// the estimate of dropped samples over the sampling window. A window whose edges a busy host did
/// not see is measured again (up to ``ReadingWindow/attempts``).
struct DefaultRateProbe: ConformanceProbe {
    let kind = ConformanceCase.defaultRate
    let settings: ConformanceSettings
    private var window: ReadingWindow?
    private var attempt = 1

    init(settings: ConformanceSettings) {
        self.settings = settings
    }

    mutating func handle(_ event: ProbeEvent, at now: MonotonicInstant, observed: RunObservations) -> ProbeStep {
        if event == .start {
            window = ReadingWindow(opens: now, length: settings.samplingWindow, pace: .milliseconds(settings.defaultRate))
        }
        guard var window else { return .running }
        let closed = window.collect(event, at: now)
        self.window = window
        guard closed else { return .running }
        let nominal = Duration.milliseconds(settings.defaultRate)
        if !window.sawBothEdges(), attempt < ReadingWindow.attempts {
            self.window = window.again(from: now)
            attempt += 1
            return .running
        }
        let verdict = Self.verdict(Array(window.pacedArrivals), nominal: nominal, settings: settings, dataLosses: window.dataLosses)
        return .finished(
            verdict.verdict,
            [Figure("nominal_interval", milliseconds: nominal)] + verdict.figures
                + [Figure("data_lost", Double(window.dataLosses)), Figure("windows", Double(attempt))]
        )
    }

    /// The rules, apart from the collecting, so they can be tested on made-up arrival times.
    /// `dataLosses`: how many `B:ERROR,DATA_LOST` came in the window, so that missing readings are
    /// put down to the bridge, not the device, when it said so.
    static func verdict(
        _ arrivals: [MonotonicInstant],
        nominal: Duration,
        settings: ConformanceSettings,
        dataLosses: Int = 0
    ) -> (verdict: CaseVerdict, figures: [Figure]) {
        guard let statistics = IntervalStatistics(arrivals: arrivals) else {
            let reason = "only \(arrivals.count) readings in \(Int(settings.samplingWindow.milliseconds)) ms"
            return (.failed(reason), [Figure("readings", Double(arrivals.count))])
        }
        var problems: [String] = []
        if statistics.deviation(from: nominal) > settings.rateTolerance {
            problems.append(
                "mean interval \(format(statistics.meanInterval)) ms, expected \(format(nominal)) ms ± "
                    + "\(Int(settings.rateTolerance * 100)) %"
            )
        }
        if statistics.jitterP99 > settings.maximumJitterP99 {
            problems.append("jitter p99 \(format(statistics.jitterP99)) ms exceeds \(format(settings.maximumJitterP99)) ms")
        }
        if statistics.dropped > Int(settings.maximumDropFraction * Double(statistics.expected)) {
            let cause = dataLosses > 0 ? " (the bridge reported \(dataLosses) data loss\(dataLosses == 1 ? "" : "es"))" : ""
            problems.append("about \(statistics.dropped) of \(statistics.expected) readings missing\(cause)")
        }
        let verdict: CaseVerdict = problems.isEmpty ? .passed : .failed(problems.joined(separator: "; "))
        return (verdict, statistics.figures())
    }

    static func format(_ duration: Duration) -> String {
        String(Figure.rounded(duration.milliseconds))
    }
}
