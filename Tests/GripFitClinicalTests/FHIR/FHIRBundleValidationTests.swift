import Foundation
import GripFitClinical
import Testing

/// Every Bundle the writer makes is parsed by the fhir.resources R4 models (the venv `make fhir-venv`
/// creates), and a broken one must be refused, so the validation is a test that can fail.
@Suite(.serialized, .disabled(if: FHIRValidator.skipped, "GRIPFIT_SKIP_FHIR=1"))
struct FHIRBundleValidationTests {
    @Test func theFullTheBareAndTheHostileBundlesAreValidR4() throws {
        let bundles = [
            "full": try FHIRFixtures.bundle(FHIRFixtures.full), "missing": try FHIRFixtures.bundle(FHIRFixtures.missing),
            "hostile": try FHIRFixtures.bundle(FHIRFixtures.hostile),
        ]
        guard let result = try FHIRValidator.run(bundles) else { return }
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.components(separatedBy: "valid FHIR R4 Bundle").count == 4, "\(result.output)")
    }

    @Test func aBundleMissingAnObservationStatusIsRefused() throws {
        let full = try FHIRFixtures.bundle(FHIRFixtures.full)
        let broken = try #require(full.range(of: "\"status\":\"final\","))
        let withoutStatus = full.replacingCharacters(in: broken, with: "")
        // fhir.resources checks structure and datatypes, not terminology bindings (it accepts gender "woman"),
        // so the second broken Bundle has a force that is not a decimal.
        let notANumber = full.replacingOccurrences(of: "\"value\":28.3,", with: "\"value\":\"28.3 kg\",")
        #expect(notANumber != full)
        guard let result = try FHIRValidator.run(["no-status": withoutStatus, "not-a-number": notANumber, "valid": full]) else { return }
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
            with: "\"system\":\"http://loinc.org\",\"code\":\"83173-5\",\"display\":\"Grip strength Hand - left Dynamometer\"")
        #expect(broken != full)
        guard let result = try FHIRValidator.run(["obs-7": broken, "valid": full]) else { return }
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("obs-7.json: invalid FHIR R4 Bundle") && result.output.contains("(obs-7)"), "\(result.output)")
        #expect(result.output.contains("valid.json: valid FHIR R4 Bundle"), "\(result.output)")
    }
}
