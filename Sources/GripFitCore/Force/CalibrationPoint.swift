/// The averaged reading of one calibration step, with the spread that showed it was held still.
public struct CalibrationPoint: Equatable, Sendable {
    public var mean: Double
    public var standardDeviation: Double
    public var sampleCount: Int

    public init(mean: Double, standardDeviation: Double, sampleCount: Int) {
        self.mean = mean
        self.standardDeviation = standardDeviation
        self.sampleCount = sampleCount
    }
}
