import GripFitCore

/// A best grip compared with the EWGSOP2 cut-off of its sex: wording for a threshold, not a verdict.
public enum EWGSOP2Comparison: Sendable, Equatable {
    case below(cutoffKg: Double, sex: Sex)
    case atOrAbove(cutoffKg: Double, sex: Sex)
    case unavailable([NormMissing])

    /// "below the EWGSOP2 grip threshold (16 kg for women; Cruz-Jentoft et al. 2019, doi:…)": the
    /// line carries its source wherever it goes (the page, a FHIR note).
    public var text: String { text(unit: "kg") }

    /// The same with the force called `unit` ("kgf" in FHIR).
    public func text(unit: String) -> String {
        switch self {
        case .below(let cutoff, let sex): "below the EWGSOP2 grip threshold (\(Self.threshold(cutoff, sex, unit)))"
        case .atOrAbove(let cutoff, let sex): "at or above the EWGSOP2 grip threshold (\(Self.threshold(cutoff, sex, unit)))"
        case .unavailable(let reasons): "No EWGSOP2 comparison: " + reasons.map(\.description).joined(separator: "; ")
        }
    }

    /// Whether a threshold was compared, so its citation belongs beside the line.
    public var compared: Bool {
        if case .unavailable = self { return false }
        return true
    }

    private static func threshold(_ cutoff: Double, _ sex: Sex, _ unit: String) -> String {
        "\(cutoff.formatted(upToDecimals: 1)) \(unit) for \(sex == .female ? "women" : "men"); \(EWGSOP2Threshold.shortCitation)"
    }
}
