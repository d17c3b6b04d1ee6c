import Foundation

/// A best grip compared with the EWGSOP2 cut-off of its sex: wording for a threshold, not a verdict.
public enum EWGSOP2Comparison: Sendable, Equatable {
    case below(cutoffKg: Double, sex: Sex)
    case atOrAbove(cutoffKg: Double, sex: Sex)
    case unavailable([NormMissing])

    /// "below the EWGSOP2 grip threshold (16 kg for women)".
    public var text: String {
        switch self {
        case .below(let cutoff, let sex): "below the EWGSOP2 grip threshold (\(Self.kg(cutoff)) kg for \(Self.group(sex)))"
        case .atOrAbove(let cutoff, let sex): "at or above the EWGSOP2 grip threshold (\(Self.kg(cutoff)) kg for \(Self.group(sex)))"
        case .unavailable(let reasons): "No EWGSOP2 comparison: " + reasons.map(\.description).joined(separator: "; ")
        }
    }

    private static func group(_ sex: Sex) -> String { sex == .female ? "women" : "men" }

    private static func kg(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
