import GripFitCore

/// Grip force over time shaped like real squeezes (spec §2.3): rest, ramp over about a second
/// to a peak, hold with slight fatigue, release, rest again. Each squeeze draws its own timing
/// and peak from the seeded generator.
public struct SqueezeCurve: Sendable {
    private struct Squeeze: Sendable {
        var start: Double
        var rest: Double
        var ramp: Double
        var hold: Double
        var release: Double
        var peak: Double

        var end: Double { start + rest + ramp + hold + release }
    }

    private var random: SeededRandom
    private var current: Squeeze

    public init(seed: UInt64) {
        random = SeededRandom(seed: seed)
        current = Squeeze(start: 0, rest: 0, ramp: 0, hold: 0, release: 0, peak: 0)
        current = nextSqueeze(after: 0)
    }

    /// Force in kilograms at `seconds` since the sensor started; calls must not go back in time.
    public mutating func force(at seconds: Double) -> Double {
        while seconds >= current.end { current = nextSqueeze(after: current.end) }
        let squeeze = current
        var t = seconds - squeeze.start - squeeze.rest
        if t < 0 { return 0 }
        if t < squeeze.ramp { return squeeze.peak * smoothstep(t / squeeze.ramp) }
        t -= squeeze.ramp
        if t < squeeze.hold { return squeeze.peak * (1 - 0.04 * t / squeeze.hold) }
        t -= squeeze.hold
        return squeeze.peak * 0.96 * (1 - smoothstep(t / squeeze.release))
    }

    private mutating func nextSqueeze(after start: Double) -> Squeeze {
        Squeeze(
            start: start,
            rest: Double.random(in: 1.2...2.2, using: &random),
            ramp: Double.random(in: 0.8...1.2, using: &random),
            hold: Double.random(in: 0.8...1.5, using: &random),
            release: Double.random(in: 0.4...0.7, using: &random),
            peak: Double.random(in: 25...45, using: &random)
        )
    }

    private func smoothstep(_ x: Double) -> Double {
        let clamped = min(max(x, 0), 1)
        return clamped * clamped * (3 - 2 * clamped)
    }
}
