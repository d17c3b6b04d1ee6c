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

    var median: Int32? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
