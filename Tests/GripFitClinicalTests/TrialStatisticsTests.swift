import GripFitClinical
import GripFitCore
import Testing

@Suite struct TrialStatisticsTests {
    // By hand: left 30, 32, 34: mean 32, population SD sqrt(8/3) = 1.63299, CV 5.1031 %;
    // right 36, 40, 38: mean 38, SD 1.63299, CV 4.2973 %; difference (40 - 34) / 40 = 15 %; ratio 40 / 34 = 1.17647.
    let statistics = TrialStatistics(left: [30, 32, 34], right: [36, 40, 38], dominant: .right)

    @Test func eachHandHasItsBestMeanPopulationSDAndCV() throws {
        #expect(statistics.left.best == 34)
        #expect(statistics.left.mean == 32)
        #expect(abs(try #require(statistics.left.populationSD) - 1.63299) < 1e-5)
        #expect(abs(try #require(statistics.left.coefficientOfVariation) - 5.1031) < 1e-4)
        #expect(statistics.right.best == 40)
        #expect(abs(try #require(statistics.right.coefficientOfVariation) - 4.2973) < 1e-4)
    }

    @Test func theDifferenceIsRelativeToTheStrongerHandsBest() throws {
        let difference = try #require(statistics.difference)
        #expect(abs(difference.percent - 15) < 1e-9)
        #expect(difference.stronger == .right)
    }

    @Test func theDominanceRatioIsTheDominantBestOverTheOther() throws {
        #expect(abs(try #require(statistics.dominanceRatio) - 1.17647) < 1e-5)
        let leftHanded = TrialStatistics(left: [30, 32, 34], right: [36, 40, 38], dominant: .left)
        #expect(abs(try #require(leftHanded.dominanceRatio) - 0.85) < 1e-9)
        #expect(TrialStatistics(left: [30], right: [36], dominant: nil).dominanceRatio == nil)
    }

    @Test func aHandWithoutCountedTrialsHasNoFigures() {
        let oneHand = TrialStatistics(left: [], right: [36], dominant: .right)
        #expect(oneHand.left.best == nil)
        #expect(oneHand.left.mean == nil)
        #expect(oneHand.left.populationSD == nil)
        #expect(oneHand.left.coefficientOfVariation == nil)
        #expect(oneHand.difference == nil)
        #expect(oneHand.dominanceRatio == nil)
        #expect(oneHand.consistency(.left) == nil)
    }

    @Test func aSingleTrialHasNoSpread() {
        #expect(TrialStatistics(left: [25], right: [], dominant: nil).left.populationSD == 0)
    }

    @Test func theDifferenceIsTheGuidedProtocolsFormula() throws {
        let summary = try #require(GuidedProtocol.Summary.difference(left: 34, right: 40))
        #expect(summary.percent == statistics.difference?.percent)
        #expect(GuidedProtocol.Summary.difference(left: 0, right: 0) == nil)
    }

    @Test func consistencyIsAFigureWithItsThreshold() throws {
        #expect(
            try #require(statistics.consistency(.left)).description
                == "CV 5.1 % (population SD), within the 15 % trial-consistency threshold"
        )
        // 20, 30, 40: mean 30, population SD sqrt(200/3) = 8.165, CV 27.2 %.
        let spread = TrialStatistics(left: [20, 30, 40], right: [], dominant: nil)
        let consistency = try #require(spread.consistency(.left))
        #expect(consistency.withinThreshold == false)
        #expect(consistency.description == "CV 27.2 % (population SD), above the 15 % trial-consistency threshold")
        #expect(try #require(spread.consistency(.left, threshold: 30)).withinThreshold == true)
        #expect(!consistency.description.contains("effort"))
    }
}
