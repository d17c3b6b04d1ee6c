/// One step of a load schedule: from `seconds` after the simulator started, `kilograms` hang on
/// the handle, until the next step.
public struct LoadStep: Equatable, Sendable {
    public var seconds: Double
    public var kilograms: Double

    public init(seconds: Double, kilograms: Double) {
        self.seconds = seconds
        self.kilograms = kilograms
    }
}
