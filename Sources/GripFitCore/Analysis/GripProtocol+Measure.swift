extension GripProtocol {
    /// What one figure of a protocol is, with its definition and unit: the protocol's force result,
    /// or one of the fatigue and rapid-exchange measures.
    public enum Measure: String, Equatable, Sendable, CaseIterable {
        /// A force made by the protocol's ``Statistic``.
        case result
        case fr75 = "FR75"
        case fr50 = "FR50"
        case fr25 = "FR25"
        case fatigueIndex = "fatigue index"
        case peakSlope = "peak slope"
        case staticRatio = "REG/static ratio"

        /// What a figure's number is in.
        public enum Unit: Equatable, Sendable {
            case force
            case seconds
            case percent
            /// Force per trial: a slope over repeated grips.
            case forcePerTrial
            case ratio
        }

        public var unit: Unit {
            switch self {
            case .result: .force
            case .fr75, .fr50, .fr25: .seconds
            case .fatigueIndex: .percent
            case .peakSlope: .forcePerTrial
            case .staticRatio: .ratio
            }
        }

        /// The fraction of the peak an FR measure falls to; nil for the others.
        public var fraction: Double? {
            switch self {
            case .fr75: 0.75
            case .fr50: 0.5
            case .fr25: 0.25
            default: nil
            }
        }

        /// Its definition, as outputs name the statistic beside the figure (a result names its protocol's ``Statistic``).
        public var definition: String {
            switch self {
            case .result: "the protocol's statistic"
            case .fr75, .fr50, .fr25: "time from the peak to fall to \(Int((fraction ?? 0) * 100)) % of it"
            case .fatigueIndex: "(PT1 − PTn) / PT1 × 100, PT the peak of the first and last trial"
            case .peakSlope: "least-squares slope of the peak over trials"
            case .staticRatio: "mean rapid-exchange peak / best static peak of the same hand"
            }
        }
    }

    /// What a rapid-exchange ratio says it is not, with its source (clinical.md, "Protocols").
    public static let rapidExchangeCaveat =
        "information only, not a verdict: REG below static is expected with full effort, and switch rate, cueing, "
        + "grip count and comparator vary, so REG may falsely label a patient as insincere (Almoosa 2024 review)"
}
