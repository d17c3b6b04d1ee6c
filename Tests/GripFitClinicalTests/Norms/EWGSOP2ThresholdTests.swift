import GripFitClinical
import Testing

@Suite struct EWGSOP2ThresholdTests {
    static let cited = "Cruz-Jentoft et al., Age Ageing 2019, doi:10.1093/ageing/afy169"

    @Test func theConsensusCutOffsAreWordedAsAThresholdWithTheirSource() {
        let threshold = EWGSOP2Threshold.standard
        let below = threshold.compare(NormInput(bestKg: 15.9, sex: .female, ageYears: 72, calibrated: true))
        #expect(below == .below(cutoffKg: 16, sex: .female))
        #expect(below.text == "below the EWGSOP2 grip threshold (16 kg for women; \(Self.cited))")
        let at = threshold.compare(NormInput(bestKg: 16, sex: .female, ageYears: 80, calibrated: true))
        #expect(at.text == "at or above the EWGSOP2 grip threshold (16 kg for women; \(Self.cited))")
        #expect(
            threshold.compare(NormInput(bestKg: 26.9, sex: .male, ageYears: 70, calibrated: true)).text
                == "below the EWGSOP2 grip threshold (27 kg for men; \(Self.cited))"
        )
        for text in [below.text, at.text] {
            #expect(!text.lowercased().contains("sarcopenia"))
        }
        #expect(EWGSOP2Threshold.citation.contains("doi:10.1093/ageing/afy169"))
    }

    @Test func cutOffsAreConfigurableBoundedAndPrintedWithTheirDecimals() throws {
        let nako = try EWGSOP2Threshold(menKg: 29, womenKg: 18)
        #expect(
            nako.compare(NormInput(bestKg: 17, sex: .female, ageYears: 65, calibrated: true)).text
                == "below the EWGSOP2 grip threshold (18 kg for women; \(Self.cited))"
        )
        #expect(nako.compare(NormInput(bestKg: 28.5, sex: .male, ageYears: 65, calibrated: true)) == .below(cutoffKg: 29, sex: .male))
        let half = try EWGSOP2Threshold(menKg: 27.5, womenKg: 16.25)
        #expect(half.compare(NormInput(bestKg: 30, sex: .female, ageYears: 65, calibrated: true)).text.contains("(16.3 kg for women;"))
        #expect(half.compare(NormInput(bestKg: 30, sex: .male, ageYears: 65, calibrated: true)).text.contains("(27.5 kg for men;"))
        #expect(throws: EWGSOP2ThresholdError.cutoffOutOfRange(sex: .male, kg: 0)) { try EWGSOP2Threshold(menKg: 0, womenKg: 16) }
        #expect(throws: EWGSOP2ThresholdError.self) { try EWGSOP2Threshold(menKg: 27, womenKg: .nan) }
        #expect(throws: EWGSOP2ThresholdError.cutoffOutOfRange(sex: .female, kg: 1e19)) { try EWGSOP2Threshold(menKg: 27, womenKg: 1e19) }
        #expect(throws: EWGSOP2ThresholdError.minimumAgeOutOfRange(16)) { try EWGSOP2Threshold(menKg: 27, womenKg: 16, minimumAge: 16) }
        // A huge value is named, not trapped on (Int(1e19) would trap).
        #expect(EWGSOP2ThresholdError.cutoffOutOfRange(sex: .female, kg: 1e19).description.contains("give kilograms from 1 to 100"))
        #expect(EWGSOP2ThresholdError.minimumAgeOutOfRange(16).description.contains("give years from 18 to 125"))
    }

    @Test func noComparisonWithoutCalibrationSexOrAge() {
        let outcome = EWGSOP2Threshold.standard.compare(NormInput(bestKg: 10, sex: nil, ageYears: nil, calibrated: false))
        #expect(outcome == .unavailable([.uncalibrated, .sexUnknown, .ageUnknown]))
        #expect(outcome.text.contains("not calibrated"))
    }

    @Test func aYoungerAdultGetsNoEWGSOP2ReadingAndIsToldWhy() throws {
        let young = EWGSOP2Threshold.standard.compare(NormInput(bestKg: 14, sex: .female, ageYears: 22, calibrated: true))
        #expect(young == .unavailable([.underEWGSOP2Age(minimum: 60)]))
        #expect(young.text == "No EWGSOP2 comparison: EWGSOP2 does not apply under 60 (its cut-offs are read in older adults)")
        #expect(!young.text.contains("22"))
        #expect(EWGSOP2Threshold.standard.compare(NormInput(bestKg: 14, sex: .female, ageYears: 60, calibrated: true)).compared)
        let adults = try EWGSOP2Threshold(menKg: 27, womenKg: 16, minimumAge: 18)
        #expect(adults.compare(NormInput(bestKg: 14, sex: .female, ageYears: 22, calibrated: true)) == .below(cutoffKg: 16, sex: .female))
        #expect(adults.compare(NormInput(bestKg: 14, sex: .female, ageYears: 17.9, calibrated: true)).text.contains("under 18"))
    }
}
