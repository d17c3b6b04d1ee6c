/// The EWGSOP2 grip cut-offs (Cruz-Jentoft AJ et al. Sarcopenia: revised European consensus on
/// definition and diagnosis. Age Ageing 2019;48(1):16–31, doi:10.1093/ageing/afy169): grip below
/// 27 kg (men) or 16 kg (women) is where the consensus starts looking further. A comparison with a
/// threshold, worded as one, never a diagnosis. Configurable, since other cohorts suggest other
/// cut-offs (German NAKO data: 29 / 18 kg).
public struct EWGSOP2Threshold: Sendable, Equatable {
    public static let citation =
        "Cruz-Jentoft AJ et al. Sarcopenia: revised European consensus on definition and diagnosis (EWGSOP2). "
        + "Age Ageing 2019;48(1):16-31. doi:10.1093/ageing/afy169"

    /// The consensus's own cut-offs: 27 kg for men, 16 kg for women.
    public static let standard = EWGSOP2Threshold(checkedMenKg: 27, womenKg: 16)

    public let menKg: Double
    public let womenKg: Double

    /// Other cut-offs (from an option or a file): nil unless both are finite and above zero.
    public init?(menKg: Double, womenKg: Double) {
        guard menKg.isFinite, womenKg.isFinite, menKg > 0, womenKg > 0 else { return nil }
        self.init(checkedMenKg: menKg, womenKg: womenKg)
    }

    private init(checkedMenKg: Double, womenKg: Double) {
        self.menKg = checkedMenKg
        self.womenKg = womenKg
    }

    public func cutoffKg(for sex: Sex) -> Double {
        sex == .male ? menKg : womenKg
    }

    /// The best grip against the sex's cut-off; the same facts are needed as for a norm except the age.
    public func compare(_ input: NormInput) -> EWGSOP2Comparison {
        let reasons = input.missing(ages: nil).filter { $0 != .ageUnknown }
        guard reasons.isEmpty, let sex = input.sex else { return .unavailable(reasons) }
        let cutoff = cutoffKg(for: sex)
        return input.bestKg < cutoff ? .below(cutoffKg: cutoff, sex: sex) : .atOrAbove(cutoffKg: cutoff, sex: sex)
    }
}
