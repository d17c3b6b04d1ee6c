/// The values of the last `span` of a live stream, at most `capacity` of them: what
/// ``StableWindow`` and ``RestingHandle`` judge, each by its own rule.
struct TimeWindow<Value: Sendable>: Sendable {
    let span: Duration
    /// Bounds memory whatever the sample rate.
    let capacity: Int
    private(set) var samples: [(instant: MonotonicInstant, value: Value)] = []

    init(span: Duration, capacity: Int) {
        self.span = span
        self.capacity = capacity
    }

    /// Adds a value and drops those older than `span`; true once the window reaches back a full
    /// span, less a reading period's worth of slack: at 100 ms the window holds readings 0.9 s apart.
    mutating func add(_ value: Value, at instant: MonotonicInstant) -> Bool {
        samples.append((instant, value))
        while let first = samples.first, instant - first.instant > span || samples.count > capacity {
            samples.removeFirst()
        }
        guard let first = samples.first else { return false }
        return instant - first.instant >= span - .milliseconds(150)
    }

    var values: [Value] { samples.map(\.value) }

    mutating func reset() {
        samples.removeAll(keepingCapacity: true)
    }
}
