import GripFitClinical
import GripFitCore
import Testing

/// Which trials each protocol's centile is read from: the expected best is computed here from the
/// trials (the maximum of every counted trial of either hand, Dodds et al.'s statistic), never taken
/// from the code, and each protocol whose trials do not give it is refused with its reason.
@Suite struct NormBasisTests {
    private static let right = [30.0, 33.5, 31]
    private static let left = [25.0, 24, 34]

    @Test func everyStaticProtocolPlacesTheMaximumOfAllItsTrialsOfEitherHand() {
        let expected = (Self.right + Self.left).reduce(-Double.infinity, Swift.max)
        for named in GripProtocol.all where named.statistic.isStatic {
            let basis = NormBasis(protocol: named, left: Self.left, right: Self.right)
            #expect(basis.bestKg == expected, "\(named.name)")
            #expect(basis.unfit == nil, "\(named.name)")
        }
    }

    @Test func standardAndAnUnknownProtocolKeepTheLineAsItWas() {
        for named in [GripProtocol.standard, nil] {
            let basis = NormBasis(protocol: named, left: Self.left, right: Self.right)
            #expect(basis.label == nil && basis.unfit == nil && basis.bestKg == 34)
        }
    }

    @Test func southamptonsCentileIsOfItsResultTheBestOfSixTrials() {
        let basis = NormBasis(protocol: .southampton, left: Self.left, right: Self.right)
        #expect(basis.label == "centile of the best of 6 trials, either hand (the protocol's result)")
    }

    /// ASHT's result is each hand's mean (30.5 and 27.7 kg here); the centile is of the best trial
    /// (34 kg, left), and the label says it is not the result.
    @Test func ashtsCentileIsOfTheBestTrialLabelledAsNotItsMean() {
        let basis = NormBasis(protocol: .asht, left: Self.left, right: Self.right)
        #expect(basis.bestKg == 34)
        #expect(
            basis.label == "centile of the best trial, not of the result (mean of the trials per hand): the best of 6 trials, either hand"
        )
    }

    /// NIH Toolbox's practice trials never count: the counted peaks are its two test trials.
    @Test func nihToolboxsCentileIsOfItsTestTrialsOnly() {
        let basis = NormBasis(protocol: .nihToolbox, left: [35.5], right: [40])
        #expect(basis.bestKg == 40)
        #expect(
            basis.label
                == "centile of the best trial, not of the result (the test trial per hand): the best of 2 test trials, either hand"
        )
    }

    @Test func aHandWithoutACountedTrialIsNamed() {
        let basis = NormBasis(protocol: .southampton, left: [], right: Self.right)
        #expect(basis.label == "centile of the best of 3 trials, right hand only (the protocol's result)")
    }

    /// Rapid exchange's squeezes are paced and quick; sustained and intermittent test one hand: none
    /// gives the best grip of either hand, so neither the norm nor EWGSOP2 (whose cut-offs come from
    /// the same table) is read, and the reason comes first.
    @Test func rapidExchangeAndTheOneHandProtocolsGiveNoCentile() {
        let cases: [(GripProtocol, String)] = [
            (.rapidExchange, "rapid-exchange squeezes quickly on a paced cue, not maximal static grips"),
            (.sustained, "sustained tests one hand only, and Dodds et al. 2014 and EWGSOP2 read the best grip of either hand"),
            (.intermittent, "intermittent tests one hand only, and Dodds et al. 2014 and EWGSOP2 read the best grip of either hand"),
        ]
        for (named, reason) in cases {
            let basis = NormBasis(protocol: named, left: named.bothHands ? Self.left : [], right: Self.right)
            #expect(basis.label == nil)
            let unfit = basis.unfit
            #expect(unfit?.description.hasPrefix(reason) == true, "\(String(describing: unfit))")
            var input = NormInput(bestKg: basis.bestKg ?? 0, sex: .female, ageYears: 47, calibrated: true)
            input.unfit = unfit
            #expect(DoddsNorms.place(input) == .unavailable([unfit].compactMap { $0 }))
            #expect(EWGSOP2Threshold.standard.compare(input) == .unavailable([unfit].compactMap { $0 } + [.underEWGSOP2Age(minimum: 60)]))
        }
    }

    @Test func thePlacedLineSaysWhichTrialsItsCentileIsOf() throws {
        var input = NormInput(bestKg: 28, sex: .female, ageYears: 47, calibrated: true)
        input.basis = NormBasis(protocol: .southampton, left: [28, 27, 26], right: [25, 24, 23]).label
        #expect(
            DoddsNorms.place(input).text
                == "centile of the best of 6 trials, either hand (the protocol's result): 28.0 kg: between the 25th and 50th centile "
                + "(z -0.27, percentile 39) for women aged 45–49, Dodds et al. 2014, Table 2 (maximum of all trials, either hand)"
        )
    }
}
