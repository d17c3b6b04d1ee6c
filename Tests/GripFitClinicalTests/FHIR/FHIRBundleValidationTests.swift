import FHIRTestSupport
import Foundation
import GripFitClinical
import Testing

/// Every Bundle the writer makes is parsed by two independent R4 models, fhir.resources and fhirclient
/// (the venv `make fhir-venv` creates), and a broken one must be refused, so the validation is a test that can fail.
@Suite(.serialized, .disabled(if: FHIRValidator.skipped, "GRIPFIT_SKIP_FHIR=1"))
struct FHIRBundleValidationTests {
    /// Each fixture as a collection and as a transaction, for each of two clinics: both models
    /// (fhir.resources and fhirclient) accept every one, and the transactions' requests check out.
    @Test func theFullTheBareAndTheHostileBundlesAreValidR4() throws {
        var bundles: [String: String] = [:]
        for (name, parts) in [("full", FHIRFixtures.full), ("missing", FHIRFixtures.missing), ("hostile", FHIRFixtures.hostile)] {
            for type in FHIRBundleType.allCases {
                for (clinic, identity) in [("a", FHIRFixtures.identity), ("b", FHIRFixtures.otherClinic)] {
                    bundles["\(name)-\(type.rawValue)-\(clinic)"] = try FHIRFixtures.bundle(parts, identity: identity, type: type)
                }
            }
        }
        let result = try FHIRValidator.run(bundles)
        #expect(result.status == 0, "\(result.output)")
        #expect(
            result.output.components(separatedBy: "valid FHIR R4 Bundle (fhir.resources and fhirclient)").count == bundles.count + 1,
            "\(result.output)"
        )
    }

    /// The sustained, intermittent and rapid-exchange figures as components (UCUM s, %, kgf/{trial},
    /// 1, and a figure without a number as text) are valid R4 in both models.
    @Test func theFatigueAndRapidExchangeFiguresAreValidR4() throws {
        var parts = FHIRFixtures.full
        let figures: [[FHIRFigure]] = [
            [
                FHIRFigure(code: "fr75", display: "FR75: time from the peak to fall to 75 % of it (sustained v1)", value: 4.2, ucum: "s"),
                FHIRFigure(code: "fr50", display: "FR50: time from the peak to fall to 50 % of it (sustained v1)", value: 8.3, ucum: "s"),
                FHIRFigure(
                    code: "fr25",
                    display: "FR25: time from the peak to fall to 25 % of it (sustained v1)",
                    value: nil,
                    ucum: "s",
                    missing: "did not fall to 25 % within 30 s"
                ),
            ],
            [
                FHIRFigure(code: "fatigue-index", display: "fatigue index (intermittent v1)", value: 27.5, ucum: "%"),
                FHIRFigure(code: "peak-slope", display: "peak slope (intermittent v1)", value: -0.98, ucum: "kgf/{trial}"),
            ],
            [
                FHIRFigure(code: "mean", display: "result (rapid-exchange v1)", value: 21.5, ucum: "kgf"),
                FHIRFigure(code: "static-ratio", display: "REG/static ratio (rapid-exchange v1)", value: 0.67, ucum: "1"),
            ],
        ]
        var bundles: [String: String] = [:]
        for (index, set) in figures.enumerated() {
            parts.assessments[0].hands[0].figures = set
            for type in FHIRBundleType.allCases {
                bundles["figures-\(index)-\(type.rawValue)"] = try FHIRFixtures.bundle(parts, type: type)
            }
        }
        #expect(bundles["figures-0-collection"]?.contains("\"valueString\":\"did not fall to 25 % within 30 s\"") == true)
        #expect(bundles["figures-1-collection"]?.contains("\"code\":\"kgf/{trial}\"") == true)
        let result = try FHIRValidator.run(bundles)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Each model refuses on its own, and a transaction entry without its request, or whose
    /// conditional create names another identifier, is refused too.
    @Test func bothModelsAndTheTransactionChecksRefuseWhatTheyMust() throws {
        let full = try FHIRFixtures.bundle(FHIRFixtures.full)
        let broken = try #require(full.range(of: "\"status\":\"final\","))
        let withoutStatus = full.replacingCharacters(in: broken, with: "")
        let transaction = try FHIRFixtures.bundle(FHIRFixtures.full, type: .transaction)
        let request = try #require(transaction.firstRange(of: /,"request":\{[^}]*\}/))
        let withoutRequest = transaction.replacingCharacters(in: request, with: "")
        let otherIdentifier = transaction.replacingOccurrences(of: "|S-047\"", with: "|S-048\"")
        #expect(otherIdentifier != transaction)
        let runs = ["no-status": withoutStatus, "no-request": withoutRequest, "other-identifier": otherIdentifier]
        let result = try FHIRValidator.run(runs)
        #expect(result.status == 1, "\(result.output)")
        let output = result.output
        #expect(output.contains("fhir.resources: ") && output.contains("fhirclient: "), "\(output)")
        #expect(output.contains("has no request, which a transaction requires (bdl-3)"), "\(output)")
        #expect(output.contains("names none of its identifiers"), "\(output)")
    }

    @Test func aBundleMissingAnObservationStatusIsRefused() throws {
        let full = try FHIRFixtures.bundle(FHIRFixtures.full)
        let broken = try #require(full.range(of: "\"status\":\"final\","))
        let withoutStatus = full.replacingCharacters(in: broken, with: "")
        // fhir.resources checks structure and datatypes, not terminology bindings (it accepts gender "woman"),
        // so the second broken Bundle has a force that is not a decimal.
        let notANumber = full.replacingOccurrences(of: "\"value\":28.3,", with: "\"value\":\"28.3 kg\",")
        #expect(notANumber != full)
        let result = try FHIRValidator.run(["no-status": withoutStatus, "not-a-number": notANumber, "valid": full])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("no-status.json: invalid FHIR R4 Bundle") && result.output.contains("status"), "\(result.output)")
        #expect(result.output.contains("not-a-number.json: invalid FHIR R4 Bundle") && result.output.contains("value"), "\(result.output)")
        #expect(result.output.contains("valid.json: valid FHIR R4 Bundle"), "\(result.output)")
    }

    @Test func aTrialCodedAsItsObservationBesideAValueIsRefusedAsObs7() throws {
        let full = try FHIRFixtures.bundle(FHIRFixtures.full)
        // The first trial of the left hand given the Observation's own LOINC code, as round 1 wrote it.
        let broken = full.replacingOccurrences(
            of: "\"system\":\"urn:gripfit:trial\",\"code\":\"trial-1\",\"display\":\"Trial 1\"",
            with: "\"system\":\"http://loinc.org\",\"code\":\"83173-5\",\"display\":\"Grip strength Hand - left Dynamometer\""
        )
        #expect(broken != full)
        let result = try FHIRValidator.run(["obs-7": broken, "valid": full])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("obs-7.json: invalid FHIR R4 Bundle") && result.output.contains("(obs-7)"), "\(result.output)")
        #expect(result.output.contains("valid.json: valid FHIR R4 Bundle"), "\(result.output)")
    }
}
