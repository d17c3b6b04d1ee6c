/// One trial's force over time as recorded: its readings at their real sample times (seconds from
/// the cue) and, for each, whether a link gap starts before the next one. What any figure taken
/// from a trial's curve reads, so none of them interpolates across a gap.
public struct TrialTrace: Equatable, Sendable {
    public var samples: [ForceSample]
    /// `brokenAfter[i]`: a gap lies between `samples[i]` and `samples[i + 1]`.
    public var brokenAfter: [Bool]

    public init(samples: [ForceSample], brokenAfter: [Bool]) {
        precondition(samples.count == brokenAfter.count, "one gap mark per sample")
        self.samples = samples
        self.brokenAfter = brokenAfter
    }

    /// A stored trace in `calibration`'s kilograms; without one, counts above its lowest reading
    /// (as a session's own summary reads an uncalibrated trace).
    public init(_ trace: RawTrace, calibration: Calibration?) {
        var forces = trace.forces(calibration: calibration)
        if calibration == nil, let floor = forces.map(\.value).min() {
            forces = forces.map { ForceSample(time: $0.time, value: $0.value - floor) }
        }
        self.init(samples: forces, brokenAfter: GripAnalysis.gapBoundaries(forces, trace.gaps))
    }
}
