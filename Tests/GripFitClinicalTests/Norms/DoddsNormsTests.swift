import GripFitClinical
import Testing

/// The expected numbers are worked by hand from Table 2 (shown in each test), not taken from the code.
@Suite struct DoddsNormsTests {
    @Test func publishedRowsComeBackExactly() {
        #expect(DoddsNorms.centileKg(sex: .female, age: 45) == [22, 26, 30, 34, 38])
        #expect(DoddsNorms.centileKg(sex: .female, age: 20) == [21, 24, 28, 32, 36])
        #expect(DoddsNorms.centileKg(sex: .female, age: 90) == [9, 11, 14, 17, 20])
        #expect(DoddsNorms.centileKg(sex: .male, age: 35) == [39, 45, 51, 58, 64])
        #expect(DoddsNorms.centileKg(sex: .male, age: 15) == [21, 25, 29, 33, 38])
        #expect(DoddsNorms.centileKg(sex: .male, age: 90) == [16, 20, 25, 29, 33])
        // The medians the notes carry from a separate transcription, and the abstract's peak (31 kg).
        let medians = [20.0, 30, 40, 50, 60, 70, 80].map { DoddsNorms.centileKg(sex: .female, age: $0)?[2] }
        #expect(medians == [28, 31, 31, 29, 27, 24, 19])
    }

    @Test func aFortySevenYearOldWomanIsInterpolatedBetween45And50() throws {
        // 45: 22 26 30 34 38 and 50: 21 25 29 33 37, 2/5 of the way: 21.6 25.6 29.6 33.6 37.6.
        // 28 kg lies 2.4/4 of the way from P25 to P50: z = -0.6745 + 0.6 × 0.6745 = -0.2698, Φ = 39.37 %.
        let outcome = DoddsNorms.place(NormInput(bestKg: 28, sex: .female, ageYears: 47, calibrated: true))
        guard case .placed(let result) = outcome else {
            Issue.record("expected a placement, got \(outcome)")
            return
        }
        for (kg, expected) in zip(result.centileKg, [21.6, 25.6, 29.6, 33.6, 37.6]) {
            #expect(abs(kg - expected) < 1e-9)
        }
        #expect(abs(result.z - -0.2698) < 1e-9)
        #expect(abs(result.percentile - 39.3657) < 1e-3)
        #expect(result.band == "between the 25th and 50th centile")
        #expect(result.table == "Dodds et al. 2014, Table 2")
        #expect(result.statistic == "maximum of all trials, either hand")
        #expect(result.sex == .female && result.ageYears == 47)
        // The wording gives the band, never the exact age, and z/percentile within P10–P90.
        #expect(
            outcome.text == "28.0 kg: between the 25th and 50th centile (z -0.27, percentile 39) for women aged 45–49, "
                + "Dodds et al. 2014, Table 2 (maximum of all trials, either hand)"
        )
    }

    @Test func aSixtyTwoYearOldManBelowTheTenthExtendsTheOuterSegment() throws {
        // 60: 33 39 45 51 56 and 65: 31 37 43 48 53, 2/5 of the way: 32.2 38.2 44.2 49.8 54.8.
        // 30 kg: z = -1.2816 - 2.2 × (1.2816 - 0.6745) / 6 = -1.504203, Φ = 6.626 %.
        let below = DoddsNorms.place(NormInput(bestKg: 30, sex: .male, ageYears: 62, calibrated: true))
        guard case .placed(let low) = below else {
            Issue.record("expected a placement, got \(below)")
            return
        }
        #expect(abs(low.z - -1.5042033) < 1e-6)
        #expect(abs(low.percentile - 6.6265) < 1e-3)
        #expect(low.band == "below the 10th centile")
        // Outside P10–P90 the table gives no centile: the band alone, no extrapolated z or percentile.
        #expect(!low.withinTable)
        #expect(
            low.summary == "30.0 kg: below the 10th centile for men aged 60–64, Dodds et al. 2014, Table 2 "
                + "(maximum of all trials, either hand)"
        )
        // 60 kg: z = 1.2816 + 5.2 × 0.6071 / 5 = 1.912984, Φ = 97.21 %.
        guard case .placed(let high) = DoddsNorms.place(NormInput(bestKg: 60, sex: .male, ageYears: 62, calibrated: true)) else {
            Issue.record("expected a placement")
            return
        }
        #expect(abs(high.z - 1.912984) < 1e-6)
        #expect(abs(high.percentile - 97.2125) < 1e-3)
        #expect(high.band == "above the 90th centile")
        #expect(high.summary.hasPrefix("60.0 kg: above the 90th centile for men aged 60–64,") && !high.summary.contains("z "))
    }

    @Test func thePercentileIsClampedAndAnExactCentileIsSaidSo() {
        guard case .placed(let weak) = DoddsNorms.place(NormInput(bestKg: 2, sex: .female, ageYears: 47, calibrated: true)),
            case .placed(let strong) = DoddsNorms.place(NormInput(bestKg: 90, sex: .male, ageYears: 30, calibrated: true)),
            case .placed(let median) = DoddsNorms.place(NormInput(bestKg: 30, sex: .female, ageYears: 45, calibrated: true))
        else {
            Issue.record("expected placements")
            return
        }
        #expect(weak.percentile == 1)
        #expect(strong.percentile == 99)
        #expect(median.z == 0 && median.percentile == 50)
        #expect(median.band == "at the 50th centile")
        #expect(median.withinTable && median.summary.contains("(z 0.00, percentile 50)"))
    }

    @Test func everyMissingFactIsNamed() {
        let outcome = DoddsNorms.place(NormInput(bestKg: 30, sex: nil, ageYears: nil, calibrated: false))
        #expect(outcome == .unavailable([.uncalibrated, .sexUnknown, .ageUnknown]))
        #expect(outcome.text.hasPrefix("No norm: the device was not calibrated"))
        #expect(outcome.text.contains("sex is not recorded") && outcome.text.contains("age is not known"))
        let broken = DoddsNorms.place(NormInput(bestKg: .nan, sex: .male, ageYears: -3, calibrated: true))
        guard case .unavailable(let reasons) = broken else {
            Issue.record("a NaN grip and a negative age must not be placed")
            return
        }
        #expect(reasons.count == 2)
    }

    @Test func agesOutsideTheTableAreRefusedNotExtrapolated() {
        #expect(
            DoddsNorms.place(NormInput(bestKg: 25, sex: .female, ageYears: 17, calibrated: true))
                == .unavailable([.ageOutsideTable(age: 17, table: 20...90)])
        )
        let old = DoddsNorms.place(NormInput(bestKg: 25, sex: .male, ageYears: 93.5, calibrated: true))
        #expect(old == .unavailable([.ageOutsideTable(age: 93.5, table: 15...90)]))
        #expect(old.text.contains("the age (band 90–94) is outside the table's ages 15–90"))
        // A huge age is named by its number, never trapped on.
        #expect(NormMissing.ageOutsideTable(age: 1e300, table: 15...90).description.contains("1e+300"))
        #expect(DoddsNorms.centileKg(sex: .female, age: 15) == nil)
    }

    @Test func theCurvesCarryTheTableForAChart() {
        let women = DoddsNorms.curves(.female)
        #expect(women.ages == [20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90])
        #expect(women.kgByCentile[10]?.first == 21 && women.kgByCentile[90]?.last == 20)
        #expect(women.kgByCentile[50] == [28, 30, 31, 31, 31, 30, 29, 28, 27, 25, 24, 21, 19, 17, 14])
        let men = DoddsNorms.curves(.male)
        #expect(men.ages.first == 15 && men.kgByCentile[75]?[3] == 58)
        #expect(men.citation.contains("doi:10.1371/journal.pone.0113637"))
    }

    @Test func anAgeFromTheBirthYearIsPlacedAtMidYearAndSaidToBeApproximate() throws {
        // Born some day in 1979, assessed 2026-11-24: taken from 1979-07-01, 17 313 days, 47.40 years.
        let age = Age(birth: .year(1979), on: try #require(Subject.Birth.Day("2026-11-24")))
        #expect(abs(age.exactYears - 17_313 / 365.2425) < 1e-9)
        let outcome = DoddsNorms.place(NormInput(bestKg: 28, sex: .female, age: age, calibrated: true))
        guard case .placed(let result) = outcome else {
            Issue.record("expected a placement, got \(outcome)")
            return
        }
        #expect(result.ageApproximate && abs(result.ageYears - age.exactYears) < 1e-12)
        #expect(outcome.text.contains("for women aged about 45–49 (age from the birth year only)"))
    }
}
