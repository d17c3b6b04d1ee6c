import ArgumentParser
import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitRecords
import GripFitStore

/// The thresholds a clinical reading uses (`show A<n>`, `report`, `export --format fhir`): the EWGSOP2
/// cut-offs and the trial-consistency CV, each checked before use and named in any refusal. Values
/// are parsed unconditionally, so `--consistency -5` gets that refusal instead of "Missing value".
struct ClinicalOptions: ParsableArguments {
    @Option(
        name: .customLong("ewgsop2-men"),
        parsing: .unconditional,
        help: ArgumentHelp("EWGSOP2 grip cut-off for men in kg (27 unless given; NAKO data suggest 29).", valueName: "kg")
    )
    var ewgsop2Men: Double?

    @Option(
        name: .customLong("ewgsop2-women"),
        parsing: .unconditional,
        help: ArgumentHelp("EWGSOP2 grip cut-off for women in kg (16 unless given; NAKO data suggest 18).", valueName: "kg")
    )
    var ewgsop2Women: Double?

    @Option(
        name: .customLong("ewgsop2-min-age"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "The age in years from which the EWGSOP2 cut-offs are compared (60 unless given: a consensus on older people).",
            valueName: "years"
        )
    )
    var ewgsop2MinimumAge: Double?

    @Option(
        name: .customLong("consistency"),
        parsing: .unconditional,
        help: ArgumentHelp("The CV (%) at or below which a hand's trials read as consistent (15 unless given).", valueName: "percent")
    )
    var consistency: Double?

    init() {}

    func validate() throws {
        _ = try settings()
    }

    /// The settings asked for, or the standard ones.
    func settings() throws -> ClinicalSettings {
        let standard = EWGSOP2Threshold.standard
        let men = ewgsop2Men ?? standard.menKg
        let women = ewgsop2Women ?? standard.womenKg
        let threshold: EWGSOP2Threshold
        do {
            threshold = try EWGSOP2Threshold(
                menKg: men,
                womenKg: women,
                minimumAge: ewgsop2MinimumAge ?? EWGSOP2Threshold.defaultMinimumAge
            )
        } catch {
            throw ValidationError("--ewgsop2-men/--ewgsop2-women/--ewgsop2-min-age: \(error)")
        }
        let cv = consistency ?? Consistency.defaultThreshold
        let range = Consistency.thresholdRange
        guard cv.isFinite, range.contains(cv) else {
            throw ValidationError(
                "--consistency takes a CV in % from \(range.lowerBound.formatted(upToDecimals: 1)) to "
                    + "\(range.upperBound.formatted(upToDecimals: 1)); got \(cv.formatted(upToDecimals: 3))."
            )
        }
        return ClinicalSettings(ewgsop2: threshold, consistencyThreshold: cv)
    }
}
