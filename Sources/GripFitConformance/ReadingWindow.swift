import GripFitCore

/// The readings that arrive between two instants, with their arrival times.
struct ReadingWindow: Equatable, Sendable {
    let opens: MonotonicInstant
    let closes: MonotonicInstant
    private(set) var arrivals: [MonotonicInstant] = []
    private(set) var values: [Int32] = []
    /// `B:ERROR,DATA_LOST` reports in the window: readings the bridge lost, not the device.
    private(set) var dataLosses = 0

    init(opens: MonotonicInstant, length: Duration) {
        self.opens = opens
        closes = opens + length
    }

    /// Records a reading in `event`; true once the window has closed.
    mutating func collect(_ event: ProbeEvent, at now: MonotonicInstant) -> Bool {
        if case .report(.message(.reading(let value))) = event, now >= opens, now <= closes {
            arrivals.append(now)
            values.append(value)
        }
        if case .report(.warning(let warning)) = event, warning.reason == .dataLost, now >= opens, now <= closes {
            dataLosses += 1
        }
        return now >= closes
    }

    /// Whether the host read readings near both ends of the window, so their arrival times measure
    /// the device's pace. A host that was not scheduled (a busy machine) reads what queued meanwhile
    /// all at once: when that happens at an edge, the span shrinks and the mean interval with it,
    /// though the device kept time. Three intervals, or 250 ms, of slack at each end.
    func sawBothEdges(nominal: Duration) -> Bool {
        guard let first = arrivals.first, let last = arrivals.last else { return false }
        let slack = max(nominal * 3, .milliseconds(250))
        return first - opens <= slack && closes - last <= slack
    }

    /// The same window again, from `now`: for a measurement whose edges the host did not see.
    func again(from now: MonotonicInstant) -> ReadingWindow {
        ReadingWindow(opens: now, length: closes - opens)
    }

    /// How many windows a rate is measured in at most before it is judged on what the last showed.
    static let attempts = 3

    var median: Int32? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
