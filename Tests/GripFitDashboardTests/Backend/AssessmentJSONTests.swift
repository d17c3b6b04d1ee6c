import GripFitCore
import Testing

@testable import GripFitDashboard

/// The statistic the page prints beside each figure, from the figure alone (the page knows no protocol).
struct AssessmentJSONTests {
    @Test func eachFigureNamesTheStatisticThatMadeIt() {
        func statistic(_ protocolDefinition: GripProtocol, hand: Hand?, trials: Int, measure: GripProtocol.Measure = .result) -> String {
            AssessmentJSON.statistic(
                GripProtocol.Figure(hand: hand, value: 1, statistic: protocolDefinition.statistic, trials: trials, measure: measure)
            )
        }
        #expect(statistic(.southampton, hand: nil, trials: 6) == "Maximum of 6 trials")
        #expect(statistic(.asht, hand: .right, trials: 3) == "Mean of 3 (right)")
        #expect(statistic(.nihToolbox, hand: .left, trials: 1) == "Test trial (left)")
        #expect(statistic(.rapidExchange, hand: .left, trials: 10) == "Mean of 10 rapid-exchange squeezes (left)")
        #expect(
            statistic(.rapidExchange, hand: .left, trials: 10, measure: .staticRatio)
                == "mean rapid-exchange peak / best static peak of the same hand, 10 trials (left)"
        )
        #expect(
            statistic(.intermittent, hand: .right, trials: 12, measure: .fatigueIndex)
                == "(PT1 − PTn) / PT1 × 100, PT the peak of the first and last trial, 12 trials (right)"
        )
    }
}
