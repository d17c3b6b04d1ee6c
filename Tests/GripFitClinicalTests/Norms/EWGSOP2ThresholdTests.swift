import GripFitClinical
import Testing

@Suite struct EWGSOP2ThresholdTests {
    @Test func theConsensusCutOffsAreWordedAsAThreshold() {
        let threshold = EWGSOP2Threshold.standard
        let below = threshold.compare(NormInput(bestKg: 15.9, sex: .female, ageYears: nil, calibrated: true))
        #expect(below == .below(cutoffKg: 16, sex: .female))
        #expect(below.text == "below the EWGSOP2 grip threshold (16 kg for women)")
        let at = threshold.compare(NormInput(bestKg: 16, sex: .female, ageYears: 80, calibrated: true))
        #expect(at.text == "at or above the EWGSOP2 grip threshold (16 kg for women)")
        #expect(threshold.compare(NormInput(bestKg: 26.9, sex: .male, ageYears: 70, calibrated: true)).text
            == "below the EWGSOP2 grip threshold (27 kg for men)")
        for text in [below.text, at.text] {
            #expect(!text.lowercased().contains("sarcopenia"))
        }
        #expect(EWGSOP2Threshold.citation.contains("doi:10.1093/ageing/afy169"))
    }

    @Test func cutOffsAreConfigurableAndChecked() throws {
        let nako = try #require(EWGSOP2Threshold(menKg: 29, womenKg: 18))
        #expect(nako.compare(NormInput(bestKg: 17, sex: .female, ageYears: nil, calibrated: true)).text
            == "below the EWGSOP2 grip threshold (18 kg for women)")
        #expect(nako.compare(NormInput(bestKg: 28.5, sex: .male, ageYears: nil, calibrated: true)) == .below(cutoffKg: 29, sex: .male))
        #expect(EWGSOP2Threshold(menKg: 0, womenKg: 16) == nil)
        #expect(EWGSOP2Threshold(menKg: 27, womenKg: .nan) == nil)
        #expect(EWGSOP2Threshold(menKg: -1, womenKg: 16) == nil)
    }

    @Test func noComparisonWithoutCalibrationOrSex() {
        let outcome = EWGSOP2Threshold.standard.compare(NormInput(bestKg: 10, sex: nil, ageYears: nil, calibrated: false))
        #expect(outcome == .unavailable([.uncalibrated, .sexUnknown]))
        #expect(outcome.text.contains("not calibrated"))
    }
}
