/// A session's readings and link gaps, in arrival order.
public struct RawTrace: Equatable, Sendable {
    public var samples: [RawSample]
    public var gaps: [TraceGap]

    public init(samples: [RawSample] = [], gaps: [TraceGap] = []) {
        self.samples = samples
        self.gaps = gaps
    }

    /// Values for analysis: calibrated into `unit`, or raw counts when there is no calibration.
    public func forces(calibration: Calibration?, unit: ForceUnit = .kilograms) -> [ForceSample] {
        samples.map { sample in
            ForceSample(
                time: sample.seconds,
                value: calibration.map { $0.value(raw: sample.raw, in: unit) } ?? Double(sample.raw)
            )
        }
    }
}
