/// One axis of a report chart, from checked numbers: only finite values within ±1e6 count, so a
/// NaN, an infinity or a wild figure from a damaged record cannot stretch the axis, divide by zero
/// or ask for millions of ticks. Bounds are whole steps; at most about ten ticks.
struct ChartAxis: Equatable {
    let lower: Double
    let upper: Double
    let step: Double

    /// Nil when no value is usable (the chart then says so instead of drawing).
    init?(values: [Double], step preferredStep: Double, includingZero: Bool) {
        let usable = values.filter(Self.isUsable)
        guard var low = usable.min(), var high = usable.max(), preferredStep.isFinite, preferredStep > 0 else { return nil }
        if includingZero {
            low = min(low, 0)
            high = max(high, 0)
        }
        var step = preferredStep
        while (high - low) / step > 10 { step *= 2 }
        lower = (low / step).rounded(.down) * step
        upper = max((high / step).rounded(.up) * step, lower + step)
        self.step = step
    }

    static func isUsable(_ value: Double) -> Bool {
        value.isFinite && abs(value) <= 1e6
    }

    var ticks: [Double] {
        stride(from: lower, through: upper + step / 2, by: step).map { $0 }
    }

    /// `value` placed between the pixel coordinates `start` (at `lower`) and `end` (at `upper`).
    func position(_ value: Double, from start: Double, to end: Double) -> Double {
        start + (value - lower) / (upper - lower) * (end - start)
    }
}
