/// What a norm needs to place a grip, as plain values: the integrator fills it from a stored assessment,
/// so the norms never depend on the store. Missing facts stay `nil` and become a ``NormMissing`` reason.
public struct NormInput: Sendable, Equatable {
    /// The best grip in kg (the statistic both Dodds 2014 and EWGSOP2 use: maximum of all trials, either hand).
    public var bestKg: Double
    public var sex: Sex?
    /// Exact age in years at the assessment's date (``Age/exactYears``, not the whole years).
    public var ageYears: Double?
    /// The age came from a birth year alone (``Age/approximate``): the norm's wording says so.
    public var ageApproximate = false
    /// Whether the device was calibrated: an uncalibrated reading is not comparable with a published table.
    public var calibrated: Bool
    /// What the centile is of (``NormBasis/label``), ahead of the norm's line; nil: the line as before.
    public var basis: String?
    /// Why the protocol's trials do not give the norms' statistic (``NormBasis/unfit``): the first reason.
    public var unfit: NormMissing?

    public init(bestKg: Double, sex: Sex?, ageYears: Double?, calibrated: Bool) {
        self.bestKg = bestKg
        self.sex = sex
        self.ageYears = ageYears
        self.calibrated = calibrated
    }

    /// From a subject's ``Age`` on the assessment's day: its exact years, and whether they are approximate.
    public init(bestKg: Double, sex: Sex?, age: Age?, calibrated: Bool) {
        self.init(bestKg: bestKg, sex: sex, ageYears: age?.exactYears, calibrated: calibrated)
        ageApproximate = age?.approximate ?? false
    }

    /// Every reason a norm cannot be applied, in a fixed order (empty when it can).
    func missing(ages: ClosedRange<Double>?) -> [NormMissing] {
        var reasons = unfit.map { [$0] } ?? []
        if !calibrated { reasons.append(.uncalibrated) }
        if !bestKg.isFinite || bestKg < 0 { reasons.append(.invalidGrip(bestKg)) }
        if sex == nil { reasons.append(.sexUnknown) }
        if let ageYears {
            if !ageYears.isFinite || ageYears < 0 {
                reasons.append(.invalidAge(ageYears))
            } else if let ages, !ages.contains(ageYears) {
                reasons.append(.ageOutsideTable(age: ageYears, table: ages))
            }
        } else {
            reasons.append(.ageUnknown)
        }
        return reasons
    }
}
