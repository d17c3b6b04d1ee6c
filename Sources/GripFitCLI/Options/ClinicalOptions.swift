import ArgumentParser
import GripFitClinical
import GripFitStore

/// The thresholds a clinical reading uses (`show A<n>`, `report`, `export --format fhir`): the EWGSOP2
/// cut-offs and the trial-consistency CV, each checked before use and named in any refusal.
public struct ClinicalOptions: ParsableArguments {
    @Option(
        name: .customLong("ewgsop2-men"),
        help: ArgumentHelp("EWGSOP2 grip cut-off for men in kg (27 unless given; NAKO data suggest 29).", valueName: "kg"))
    public var ewgsop2Men: Double?

    @Option(
        name: .customLong("ewgsop2-women"),
        help: ArgumentHelp("EWGSOP2 grip cut-off for women in kg (16 unless given; NAKO data suggest 18).", valueName: "kg"))
    public var ewgsop2Women: Double?

    @Option(
        name: .customLong("consistency"),
        help: ArgumentHelp("The CV (%) at or below which a hand's trials read as consistent (15 unless given).", valueName: "percent"))
    public var consistency: Double?

    public init() {}

    public func validate() throws {
        _ = try settings()
    }

    /// The settings asked for, or the standard ones.
    func settings() throws -> ClinicalSettings {
        let standard = EWGSOP2Threshold.standard
        let men = ewgsop2Men ?? standard.menKg
        let women = ewgsop2Women ?? standard.womenKg
        guard let threshold = EWGSOP2Threshold(menKg: men, womenKg: women), men <= 200, women <= 200 else {
            throw ValidationError("--ewgsop2-men and --ewgsop2-women take kilograms above 0 and at most 200; got \(men) and \(women).")
        }
        let cv = consistency ?? Consistency.defaultThreshold
        guard cv.isFinite, Consistency.thresholdRange.contains(cv) else {
            throw ValidationError(
                "--consistency takes a CV in % from \(Int(Consistency.thresholdRange.lowerBound)) to "
                    + "\(Int(Consistency.thresholdRange.upperBound)); got \(cv).")
        }
        return ClinicalSettings(ewgsop2: threshold, consistencyThreshold: cv)
    }
}
