import Foundation
import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitRecords
import Testing

/// The one mapping from a stored assessment to its clinical reading, checked against figures
/// worked by hand from the Dodds 2014 women's rows at 45 and 50 years, written out here.
struct ClinicalViewTests {
    /// 2026-11-24 12:00 UTC.
    private static let noon: Int64 = 1_795_521_600_000
    private static let utc = TimeZone(identifier: "UTC") ?? .current

    private static func assessment(
        id: Int64 = 1,
        subject: String? = "F47",
        start: Int64 = noon,
        unit: String = "kg",
        right: [Double] = [30, 32],
        left: [Double] = [25, 24]
    ) -> StoredAssessment {
        let facts = AssessmentFacts(
            subject: subject,
            device: "ble:C0:FF:EE:00:00:01",
            startedAtMilliseconds: start,
            protocolName: "standard",
            firstHand: .right,
            trialsPerHand: 2,
            restSeconds: 30,
            unit: unit,
            calibrationDate: unit == "kg" ? "2026-11-01T09:00:00Z" : nil
        )
        let attempts = zip(right, left).enumerated().flatMap { index, pair in
            [
                AssessmentAttempt(
                    session: Int64(index * 2 + 1),
                    startedAtMilliseconds: start,
                    hand: .right,
                    trial: index + 1,
                    attempt: 1,
                    peak: pair.0,
                    flag: nil
                ),
                AssessmentAttempt(
                    session: Int64(index * 2 + 2),
                    startedAtMilliseconds: start,
                    hand: .left,
                    trial: index + 1,
                    attempt: 1,
                    peak: pair.1,
                    flag: nil
                ),
            ]
        }
        return StoredAssessment(id: id, facts: facts, attempts: attempts)
    }

    private static func subject(sex: Sex? = .female, born: String = "1979-06-15") throws -> Subject {
        try Subject(code: "F47", sex: sex, birth: Subject.Birth.Day(born).map { .date($0) }, dominant: .right)
    }

    @Test func aCalibratedFemaleOf47IsPlacedAsWorkedByHand() throws {
        let view = ClinicalView(assessment: Self.assessment(), subject: try Self.subject(), timeZone: Self.utc)
        #expect(view.age?.years == 47 && view.age?.approximate == false)
        // 1979-06-15 to 2026-11-24: 17,329 days.
        let age = 17_329 / 365.2425
        #expect(abs((view.ageYears ?? 0) - age) < 1e-9)
        // Women 45: 22 26 30 34 38; 50: 21 25 29 33 37 (kg at P10…P90); 32 kg lies between P50 and P75.
        let fraction = (age - 45) / 5
        let p50 = 30 + fraction * (29 - 30)
        let p75 = 34 + fraction * (33 - 34)
        let z = (32 - p50) * 0.6745 / (p75 - p50)
        let percentile = 50 * erfc(-z / 2.0.squareRoot())
        guard case .placed(let result) = view.norm else {
            Issue.record("no norm: \(String(describing: view.norm))")
            return
        }
        #expect(abs(result.z - z) < 1e-9 && abs(result.percentile - percentile) < 1e-9)
        #expect(result.bestKg == 32 && result.sex == .female)
        // EWGSOP2 is a consensus on older people: at 47 it is not compared (the default minimum age is 60).
        #expect(view.ewgsop2 == .unavailable([.underEWGSOP2Age(minimum: 60)]))
        let lines = view.clinicalLines
        #expect(lines.first?.hasPrefix("norm: 32.0 kg: between the 50th and 75th centile (z \(String(format: "%.2f", z))") == true)
        #expect(lines.first?.contains("Dodds et al. 2014, Table 2 (maximum of all trials, either hand)") == true)
        #expect(lines.contains { $0.hasPrefix("No EWGSOP2 comparison: EWGSOP2 does not apply under 60") && $0.contains("60") })
        #expect(lines.contains { $0.hasPrefix("trial consistency, left: CV 2.0 %") && $0.contains("within the 15 %") })

        let report = view.report(firmware: "1.0")
        #expect(report.ageBand == "45–49" && report.date == "2026-11-24" && report.dominantHand == "right")
        #expect(report.hands.map(\.bestKg) == [25, 32] && report.centileCurves.map(\.label) == ["P10", "P25", "P50", "P75", "P90"])
        #expect(report.subjectPoint == ChartPoint(age: age, kg: 32))
        #expect(report.norm.citations == [DoddsTable.citation], "only the source that was applied is cited")
    }

    /// Issue 33: the report names the stronger hand beside the difference, and the calibration time
    /// reads as every other time a person reads (`2026-11-01 10:00:00 +01:00`), not RFC 3339.
    @Test func theReportNamesTheStrongerHandAndACalibrationTimeAsPeopleReadIt() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let view = ClinicalView(assessment: Self.assessment(), subject: try Self.subject(), timeZone: paris)
        #expect(view.calibrationTime == "2026-11-01 10:00:00 +01:00")
        let report = view.report(firmware: nil)
        #expect(report.device.calibrationDate == "2026-11-01 10:00:00 +01:00" && report.strongerHand == .right)
        let html = ReportHTML.page(report, paper: .a4)
        #expect(html.contains("21.9 % of the stronger hand's best (right stronger)"), "\(html)")
        #expect(html.contains("calibrated 2026-11-01 10:00:00 +01:00") && !html.contains("T09:00:00Z"))
    }

    /// Issue 33: the FHIR notes are per hand, the assessment's lines once and in kgf, the norm with its DOI.
    @Test func theFHIRNotesArePerHandAndTheAssessmentsOnceInKgf() throws {
        let fhir = try ClinicalView(assessment: Self.assessment(), subject: try Self.subject(), timeZone: Self.utc).fhirAssessment()
        #expect(fhir.id == "A1")
        #expect(fhir.notes.count == 2 && fhir.notes[0].hasPrefix("norm: 32.0 kgf: between the 50th and 75th centile"))
        #expect(fhir.notes[0].hasSuffix("; doi:10.1371/journal.pone.0113637"))
        let twoTrials = "(population SD of 2 counted trials only), within the 15 % trial-consistency threshold"
        #expect(
            fhir.hands.map(\.notes) == [
                ["trial consistency, left hand: CV 2.0 % " + twoTrials], ["trial consistency, right hand: CV 3.2 % " + twoTrials],
            ]
        )
    }

    @Test func eachMissingFactIsNamedInsteadOfANorm() throws {
        let uncalibrated = ClinicalView(assessment: Self.assessment(unit: "raw"), subject: try Self.subject(), timeZone: Self.utc)
        #expect(uncalibrated.norm == .unavailable([.uncalibrated]))
        let page = uncalibrated.report(firmware: nil)
        #expect(page.hands.isEmpty && page.centileCurves.isEmpty && page.subjectPoint == nil && page.differencePercent == nil)
        #expect(page.norm.lines.first?.contains("raw counts, not kg") == true)
        #expect(page.norm.lines.contains("norm: No norm: the device was not calibrated (calibrate it, then measure again)"))
        #expect(throws: FHIRRefusal.uncalibrated("A1")) { try uncalibrated.fhirAssessment() }

        let noSex = ClinicalView(assessment: Self.assessment(), subject: try Self.subject(sex: nil), timeZone: Self.utc)
        #expect(noSex.norm == .unavailable([.sexUnknown]))
        let young = ClinicalView(assessment: Self.assessment(), subject: try Self.subject(born: "2010-01-01"), timeZone: Self.utc)
        guard case .unavailable(let reasons) = young.norm, case .ageOutsideTable(_, let table) = reasons.first else {
            Issue.record("a 16-year-old woman was placed: \(String(describing: young.norm))")
            return
        }
        #expect(table == 20...90)
        let anonymous = ClinicalView(assessment: Self.assessment(subject: nil), subject: nil, timeZone: Self.utc)
        #expect(anonymous.norm == .unavailable([.sexUnknown, .ageUnknown]))
        #expect(throws: FHIRRefusal.noSubject("A1")) { try anonymous.fhirAssessment() }
        let none = ClinicalView(assessment: Self.assessment(right: [], left: []), subject: try Self.subject(), timeZone: Self.utc)
        #expect(none.norm == nil && none.clinicalLines.first == "norm: no counted trial, so nothing to compare")
    }

    @Test func theThresholdsAreTheOnesGiven() throws {
        let settings = ClinicalSettings(
            ewgsop2: try EWGSOP2Threshold(menKg: 40, womenKg: 35, minimumAge: 18),
            consistencyThreshold: 2
        )
        let view = ClinicalView(assessment: Self.assessment(), subject: try Self.subject(), settings: settings, timeZone: Self.utc)
        #expect(view.ewgsop2 == .below(cutoffKg: 35, sex: .female))
        #expect(view.report(firmware: nil).norm.citations == [DoddsTable.citation, EWGSOP2Threshold.citation])
        #expect(view.consistency(.left)?.withinThreshold == false && view.consistency(.right)?.withinThreshold == false)
        #expect(view.clinicalLines.contains { $0.contains("above the 2 % trial-consistency threshold") })
        #expect(view.report(firmware: nil).consistencyThresholdPercent == 2)
    }

    @Test func theTrendHoldsEarlierCalibratedAssessmentsOfTheSameSubjectOldestFirst() throws {
        let day: Int64 = 86_400_000
        let others = [
            Self.assessment(id: 4, start: Self.noon - 10 * day, right: [28, 29]),
            Self.assessment(id: 2, start: Self.noon - 40 * day, right: [26, 27]),
            Self.assessment(id: 3, start: Self.noon - 20 * day, unit: "raw"),
            Self.assessment(id: 5, subject: "M1", start: Self.noon - 5 * day),
            Self.assessment(id: 6, start: Self.noon + day),
        ]
        let view = ClinicalView(assessment: Self.assessment(), subject: try Self.subject(), others: others, timeZone: Self.utc)
        #expect(view.earlier.map(\.id) == [2, 4])
        let trend = [TrendPoint(date: "2026-10-15", bestKg: 27), TrendPoint(date: "2026-11-14", bestKg: 29)]
        #expect(view.report(firmware: nil).trend == trend)
    }

    @Test func aBirthYearAloneIsTakenAtMidYearAndSaidSo() throws {
        let subject = try Subject(code: "F47", sex: .female, birth: .year(1979))
        let view = ClinicalView(assessment: Self.assessment(), subject: subject, timeZone: Self.utc)
        // 1979-07-01 to 2026-11-24: 17,313 days.
        #expect(abs((view.ageYears ?? 0) - 17_313 / 365.2425) < 1e-9 && view.age?.approximate == true)
        #expect(view.clinicalLines.contains { $0.hasPrefix("age from the birth year only") })
        #expect(ClinicalView.fhirPatient(subject) == FHIRPatient(code: "F47", sex: .female, birthDate: .year(1979)))
    }
}
