extension Duration {
    /// Whole nanoseconds, saturating at ±292 years: durations from options and files can be anything.
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (total, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !carry else { return seconds < 0 ? .min : .max }
        return total
    }

    public var milliseconds: Double { Double(nanoseconds) / 1e6 }

    /// For output and for arithmetic in seconds (reports, JSON, the simulated force curve).
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// Seconds as options and settings give them, to the nearest millisecond (the finest any of them
    /// means). Checked, so no option value can trap: NaN is zero, and anything past ±9e15 s is
    /// clamped there ("never", in effect).
    public init(seconds: Double) {
        let milliseconds = (seconds * 1000).rounded()
        let limit = 9e18
        self = .milliseconds(milliseconds.isNaN ? 0 : Int64(min(max(milliseconds, -limit), limit)))
    }
}
