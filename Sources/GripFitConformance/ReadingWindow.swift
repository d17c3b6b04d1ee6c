import GripFitCore

/// The readings that arrive between two instants, with their arrival times.
///
/// With a `pace` (the interval the device was asked for), the window measures a rate, and arrival
/// times only measure the device's pace while the host reads as the readings come. A host that was
/// not scheduled (a busy machine) reads what queued meanwhile all at once: at the window's start
/// that bunch was sent before the window opened, but its last reading was sent about when it was
/// read. So ``pacedArrivals`` start at the leading bunch's last reading, and ``sawBothEdges()``
/// tells whether they cover the window's start and end. A bunch later on changes neither the span
/// nor the count.
struct ReadingWindow: Equatable, Sendable {
    let opens: MonotonicInstant
    let closes: MonotonicInstant
    let pace: Duration?
    private(set) var arrivals: [MonotonicInstant] = []
    private(set) var values: [Int32] = []
    /// `B:ERROR,DATA_LOST` reports in the window: readings the bridge lost, not the device.
    private(set) var dataLosses = 0

    init(opens: MonotonicInstant, length: Duration, pace: Duration? = nil) {
        self.opens = opens
        closes = opens + length
        self.pace = pace
    }

    /// How many windows a rate is measured in at most before it is judged on what the last showed.
    static let attempts = 3

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

    /// The arrivals from the last reading of a bunch read at the window's start (less than half a
    /// pace apart); all of them without a pace.
    var pacedArrivals: ArraySlice<MonotonicInstant> {
        guard let pace else { return arrivals[...] }
        var start = arrivals.startIndex
        while start + 1 < arrivals.endIndex, (arrivals[start + 1] - arrivals[start]) * 2 < pace { start += 1 }
        return arrivals[start...]
    }

    /// Whether the host read readings near both ends of the window, so their arrival times measure
    /// the device's pace: when the last readings came after the window closed, or the first only
    /// long after it opened, the span and the mean interval with it say nothing of the device.
    /// Three intervals, or 250 ms, of slack at each end. Always true without a pace.
    func sawBothEdges() -> Bool {
        guard let pace else { return true }
        let paced = pacedArrivals
        guard let first = paced.first, let last = paced.last else { return false }
        let slack = max(pace * 3, .milliseconds(250))
        return first - opens <= slack && closes - last <= slack
    }

    /// The same window again, from `now`: for a measurement whose edges the host did not see.
    func again(from now: MonotonicInstant) -> ReadingWindow {
        ReadingWindow(opens: now, length: closes - opens, pace: pace)
    }

    var median: Int32? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
