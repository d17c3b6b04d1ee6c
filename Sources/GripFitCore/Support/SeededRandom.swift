/// SplitMix64: a small, fast generator with a seed, so a simulator run or a test's input replays exactly.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Roughly normal noise (sum of uniforms), cheap and bounded to ±3σ.
    public mutating func noise(standardDeviation: Double) -> Double {
        var sum = 0.0
        for _ in 0..<6 { sum += Double.random(in: -1...1, using: &self) }
        return sum / 6 * 3 * standardDeviation
    }
}
