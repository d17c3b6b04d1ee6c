/// The EWGSOP2 grip cut-offs (Cruz-Jentoft AJ et al. Sarcopenia: revised European consensus on
/// definition and diagnosis. Age Ageing 2019;48(1):16–31, doi:10.1093/ageing/afy169): grip below
/// 27 kg (men) or 16 kg (women) is where the consensus starts looking further. A comparison with a
/// threshold, worded as one, never a diagnosis. Configurable, since other cohorts suggest other
/// cut-offs (German NAKO data: 29 / 18 kg).
public struct EWGSOP2Threshold: Sendable, Equatable {
    public static let citation =
        "Cruz-Jentoft AJ et al. Sarcopenia: revised European consensus on definition and diagnosis (EWGSOP2). "
        + "Age Ageing 2019;48(1):16-31. doi:10.1093/ageing/afy169"
    /// Beside the comparison's own line, so the figure never stands without its source.
    public static let shortCitation = "Cruz-Jentoft et al., Age Ageing 2019, doi:10.1093/ageing/afy169"

    /// Cut-offs a configuration may give: every published grip cut-off lies well inside, and the bound
    /// keeps a typo (270, 1e19) from becoming a threshold.
    public static let cutoffRange = 1.0...100.0
    /// EWGSOP2 is a consensus on sarcopenia in older people, and its cut-offs lie 2.5 SD below the
    /// young-adult peak: read in a young adult, a grip under them points to other causes (an injured
    /// or painful hand) and the EWGSOP2 wording would invite a sarcopenia reading. The default is 60,
    /// the age the WHO calls older; a clinic screening younger adults may lower it, but never under 18
    /// (the consensus is for adults).
    public static let defaultMinimumAge = 60.0
    public static let minimumAgeRange = 18.0...Double(Subject.oldestAge)

    /// The consensus's own cut-offs: 27 kg for men, 16 kg for women, from 60.
    public static let standard = EWGSOP2Threshold(checkedMenKg: 27, womenKg: 16, minimumAge: defaultMinimumAge)

    public let menKg: Double
    public let womenKg: Double
    /// No comparison is made for a younger subject (``NormMissing/underEWGSOP2Age(minimum:)``).
    public let minimumAge: Double

    /// Other cut-offs (from an option or a file), each within ``cutoffRange``, and another minimum age
    /// within ``minimumAgeRange``.
    public init(menKg: Double, womenKg: Double, minimumAge: Double = defaultMinimumAge) throws(EWGSOP2ThresholdError) {
        guard menKg.isFinite, Self.cutoffRange.contains(menKg) else { throw .cutoffOutOfRange(sex: .male, kg: menKg) }
        guard womenKg.isFinite, Self.cutoffRange.contains(womenKg) else { throw .cutoffOutOfRange(sex: .female, kg: womenKg) }
        guard minimumAge.isFinite, Self.minimumAgeRange.contains(minimumAge) else { throw .minimumAgeOutOfRange(minimumAge) }
        self.init(checkedMenKg: menKg, womenKg: womenKg, minimumAge: minimumAge)
    }

    private init(checkedMenKg: Double, womenKg: Double, minimumAge: Double) {
        self.menKg = checkedMenKg
        self.womenKg = womenKg
        self.minimumAge = minimumAge
    }

    public func cutoffKg(for sex: Sex) -> Double {
        sex == .male ? menKg : womenKg
    }

    /// The best grip against the sex's cut-off; the same facts are needed as for a norm, and an age
    /// from ``minimumAge`` on.
    public func compare(_ input: NormInput) -> EWGSOP2Comparison {
        var reasons = input.missing(ages: nil)
        if let age = input.ageYears, age.isFinite, age >= 0, age < minimumAge { reasons.append(.underEWGSOP2Age(minimum: minimumAge)) }
        guard reasons.isEmpty, let sex = input.sex else { return .unavailable(reasons) }
        let cutoff = cutoffKg(for: sex)
        return input.bestKg < cutoff ? .below(cutoffKg: cutoff, sex: sex) : .atOrAbove(cutoffKg: cutoff, sex: sex)
    }
}
