import GripFitClinical
import GripFitCore
import Testing

/// Issue 33: a CV from one trial read "CV 0.0 %, within the 15 % trial-consistency threshold".
@Suite struct ConsistencyTests {
    @Test func oneCountedTrialIsNotAssessed() throws {
        let one = try #require(TrialStatistics(left: [25], right: [], dominant: nil).consistency(.left))
        #expect(one.description == "not assessed (1 counted trial)")
        #expect(one.coefficientOfVariation == nil && one.withinThreshold == nil)
        #expect(TrialStatistics(left: [25], right: [], dominant: nil).left.coefficientOfVariation == nil)
    }

    @Test func twoCountedTrialsSayTheCVRestsOnTwo() throws {
        // 24, 25: mean 24.5, population SD 0.5, CV 2.04 %.
        let two = try #require(TrialStatistics(left: [24, 25], right: [], dominant: nil).consistency(.left))
        #expect(
            two.description
                == "CV 2.0 % (population SD of 2 counted trials only), within the 15 % trial-consistency threshold"
        )
        #expect(two.withinThreshold == true)
    }

    @Test func threeOrMoreTrialsKeepTheUsualWording() throws {
        let three = try #require(Consistency(peaks: [30, 32, 34], threshold: 15))
        #expect(three.description == "CV 5.1 % (population SD), within the 15 % trial-consistency threshold")
    }

    @Test func noTrialOrAZeroMeanHasNoConsistency() {
        #expect(Consistency(peaks: [], threshold: 15) == nil)
        #expect(Consistency(peaks: [0, 0], threshold: 15) == nil)
    }

    @Test func thePageSaysNotAssessedForOneTrialAndNamesTheTwo() {
        var report = ReportFixture.report
        report.hands[0].trials = [CountedTrial(number: 1, kg: 41.0)]
        report.hands[0].cvPercent = nil
        report.hands[1].trials.removeLast()
        report.hands[1].cvPercent = 2.8
        let html = ReportHTML.page(report, paper: .a4)
        #expect(html.contains("Trial consistency: not assessed (1 counted trial)"))
        #expect(html.contains("Trial consistency: CV 2.8 % (population SD of 2 counted trials only), within the 15 % threshold"))
    }
}
