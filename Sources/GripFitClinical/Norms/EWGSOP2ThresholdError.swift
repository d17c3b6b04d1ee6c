import GripFitCore

/// Why configured EWGSOP2 cut-offs were refused, naming the value and the range to choose from.
public enum EWGSOP2ThresholdError: Error, Equatable, Sendable, CustomStringConvertible {
    case cutoffOutOfRange(sex: Sex, kg: Double)
    case minimumAgeOutOfRange(Double)

    public var description: String {
        switch self {
        case .cutoffOutOfRange(let sex, let kg):
            "the EWGSOP2 cut-off for \(sex == .female ? "women" : "men") \(kg.formatted(upToDecimals: 1)) kg is not a grip "
                + "cut-off: give kilograms from \(Self.range(EWGSOP2Threshold.cutoffRange))"
        case .minimumAgeOutOfRange(let age):
            "the EWGSOP2 minimum age \(age.formatted(upToDecimals: 1)) is not an adult age: give years from "
                + Self.range(EWGSOP2Threshold.minimumAgeRange)
        }
    }

    private static func range(_ range: ClosedRange<Double>) -> String {
        "\(range.lowerBound.formatted(upToDecimals: 1)) to \(range.upperBound.formatted(upToDecimals: 1))"
    }
}
