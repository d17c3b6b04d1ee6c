/// FR75, FR50, FR25 of a held grip: the time from the trial's peak (its highest reading) to the
/// first later reading at or below 75, 50 or 25 % of it, from the readings' real sample times, so
/// within one sample interval of the true crossing. Nothing is interpolated: when the first reading
/// at or below the level comes right after a link gap, the force fell during the gap and the time
/// is not known to better than the gap (``Outcome/duringGap(from:to:)``).
public enum ForceDecline {
    public enum Outcome: Equatable, Sendable {
        case seconds(Double)
        /// The trace ends (the cut-off) before the force fell that far.
        case notReached
        /// It fell somewhere between these times from the peak, while the link was down.
        case duringGap(from: Double, to: Double)
    }

    /// The time from the peak of `trace` to its fall to `fraction` (0.5 for FR50) of that peak.
    public static func time(toFallTo fraction: Double, in trace: TrialTrace) -> Outcome {
        let samples = trace.samples
        guard let peakIndex = samples.indices.max(by: { samples[$0].value < samples[$1].value }) else { return .notReached }
        let peak = samples[peakIndex]
        let level = peak.value * fraction
        for index in samples.indices.dropFirst(peakIndex + 1) where samples[index].value <= level {
            guard !trace.brokenAfter[index - 1] else {
                return .duringGap(from: samples[index - 1].time - peak.time, to: samples[index].time - peak.time)
            }
            return .seconds(samples[index].time - peak.time)
        }
        return .notReached
    }
}
