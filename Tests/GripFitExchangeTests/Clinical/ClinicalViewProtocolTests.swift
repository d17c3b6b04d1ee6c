import FHIRTestSupport
import Foundation
import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitRecords
import Testing

/// Every protocol read clinically through the one mapping: the norm says which trials its centile is
/// of (or why there is none) in the lines `show` prints, on the report and in the FHIR notes, and
/// each protocol's FHIR Bundle is valid R4 in both models. The expected best is computed here from
/// the trials, as Dodds et al. define it: the maximum of every counted trial of either hand.
struct ClinicalViewProtocolTests {
    /// 2026-11-24 12:00 UTC.
    private static let noon: Int64 = 1_795_521_600_000
    private static let utc = TimeZone(identifier: "UTC") ?? .current

    /// `named` run with these counted peaks per hand (a one-hand protocol's on the right), each trial
    /// its own session; the sustained grip's trace fades from 30 kg by 3 kg a second.
    private static func assessment(_ named: GripProtocol, right: [Double], left: [Double]) -> StoredAssessment {
        let facts = AssessmentFacts(
            subject: "F47",
            device: "ble:C0:FF:EE:00:00:01",
            startedAtMilliseconds: noon,
            protocolName: named.name,
            firstHand: .right,
            trialsPerHand: max(right.count, left.count),
            restSeconds: named.restSeconds,
            unit: "kg",
            calibrationDate: "2026-11-01T09:00:00Z",
            uid: "uid-\(named.name)",
            protocolVersion: named.version
        )
        var attempts: [AssessmentAttempt] = []
        for (hand, peaks) in [(Hand.right, right), (.left, left)] {
            for (index, peak) in peaks.enumerated() {
                attempts.append(
                    AssessmentAttempt(
                        session: Int64(attempts.count + 1),
                        startedAtMilliseconds: noon,
                        hand: hand,
                        trial: index + 1,
                        attempt: 1,
                        peak: peak,
                        flag: nil
                    )
                )
            }
        }
        return StoredAssessment(id: 1, facts: facts, attempts: attempts)
    }

    private static let fading = TrialTrace(
        samples: (0...400).map { step in
            let time = Double(step) * 0.025
            return ForceSample(time: time, value: time < 0.5 ? time * 60 : max(0, 30 - 3 * (time - 0.5)))
        },
        brokenAfter: Array(repeating: false, count: 401)
    )

    private static func subject() throws -> Subject {
        try Subject(code: "F47", sex: .female, birth: Subject.Birth.Day("1979-06-15").map { .date($0) }, dominant: .right)
    }

    /// Each protocol's counted peaks (right, left), as its run gives them.
    private static let runs: [(GripProtocol, [Double], [Double])] = [
        (.standard, [30, 32, 31], [25, 24, 26]),
        (.southampton, [30, 32, 31], [25, 24, 33]),
        (.asht, [28, 33, 31.5], [22, 25, 24.5]),
        (.nihToolbox, [40], [35.5]),
        (.sustained, [30], []),
        (.intermittent, [30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19], []),
        (.rapidExchange, [20, 21, 22, 20, 21, 22, 20, 21, 22, 21], [18, 19, 20, 18, 19, 20, 18, 19, 20, 19]),
    ]

    private static func view(_ named: GripProtocol, right: [Double], left: [Double]) throws -> ClinicalView {
        let assessment = Self.assessment(named, right: right, left: left)
        let traces = named.needsTraces ? Dictionary(uniqueKeysWithValues: assessment.attempts.map { ($0.session, Self.fading) }) : [:]
        return ClinicalView(assessment: assessment, subject: try Self.subject(), timeZone: Self.utc, traces: traces)
    }

    /// Southampton, ASHT and NIH Toolbox: the best of all counted trials is placed, and `show`'s line,
    /// the report's norm section and the FHIR note say which trials it is of; the report's Statistic
    /// row is the protocol's own.
    @Test func aStaticProtocolsCentileSaysWhichTrialsItIsOf() throws {
        let expected: [String: String] = [
            "southampton": "centile of the best of 6 trials, either hand (the protocol's result): ",
            "asht": "centile of the best trial, not of the result (mean of the trials per hand): the best of 6 trials, either hand: ",
            "nih-toolbox":
                "centile of the best trial, not of the result (the test trial per hand): the best of 2 test trials, either hand: ",
        ]
        for (named, right, left) in Self.runs where expected[named.name] != nil {
            let label = try #require(expected[named.name])
            let view = try Self.view(named, right: right, left: left)
            let best = (right + left).reduce(-Double.infinity, Swift.max)
            guard case .placed(let result) = view.norm else {
                Issue.record("\(named.name): no norm: \(String(describing: view.norm))")
                continue
            }
            #expect(result.bestKg == best, "\(named.name)")
            let line = "norm: " + label + best.formatted(decimals: 1) + " kg: "
            #expect(view.clinicalLines.first?.hasPrefix(line) == true, "\(view.clinicalLines)")
            let report = view.report(firmware: "1.0")
            #expect(report.norm.lines.first?.hasPrefix(line) == true, "\(report.norm.lines)")
            #expect(report.protocolUsed.statistic == named.statistic.rawValue)
            #expect(report.subjectPoint?.kg == best && !report.centileCurves.isEmpty)
            let notes = try view.fhirAssessment().notes
            #expect(notes.contains { $0.hasPrefix(line.replacingOccurrences(of: " kg: ", with: " kgf: ")) }, "\(notes)")
        }
    }

    /// ASHT's result stays the mean of each hand, beside the centile of its best trial.
    @Test func ashtShowsItsMeanAsTheResultAndTheBestTrialsCentileApart() throws {
        let (right, left) = ([28.0, 33, 31.5], [22.0, 25, 24.5])
        let view = try Self.view(.asht, right: right, left: left)
        let results = view.report(firmware: nil).protocolUsed.results
        #expect(results.count == 2)
        #expect(results.first?.hasSuffix("\((right.reduce(0, +) / 3).formatted(decimals: 1)) kg from 3 trials") == true, "\(results)")
        #expect(results.last?.hasSuffix("\((left.reduce(0, +) / 3).formatted(decimals: 1)) kg from 3 trials") == true, "\(results)")
        guard case .placed(let result) = view.norm else {
            Issue.record("no norm: \(String(describing: view.norm))")
            return
        }
        #expect(result.bestKg == 33)
    }

    /// Rapid exchange, sustained and intermittent: no centile, no EWGSOP2 comparison, no point on the
    /// chart and no Dodds citation; the reason says why, and the report's trend leaves such runs out.
    @Test func rapidExchangeAndTheOneHandProtocolsGiveNoCentileAndSayWhy() throws {
        let reasons = [
            "rapid-exchange": "rapid-exchange squeezes quickly on a paced cue, not maximal static grips",
            "sustained": "sustained tests one hand only",
            "intermittent": "intermittent tests one hand only",
        ]
        for (named, right, left) in Self.runs where reasons[named.name] != nil {
            let reason = try #require(reasons[named.name])
            let view = try Self.view(named, right: right, left: left)
            guard case .unavailable(let missing) = view.norm, case .unavailable = view.ewgsop2 else {
                Issue.record("\(named.name): placed: \(String(describing: view.norm))")
                continue
            }
            #expect(missing.first?.description.hasPrefix(reason) == true, "\(missing)")
            #expect(view.clinicalLines.first == "norm: No norm: " + missing.map(\.description).joined(separator: "; "))
            let report = view.report(firmware: "1.0")
            #expect(report.subjectPoint == nil && report.centileCurves.isEmpty && report.norm.citations.isEmpty)
            #expect(report.protocolUsed.statistic == named.statistic.rawValue)
            #expect(try view.fhirAssessment().notes.contains { $0.hasPrefix("norm: No norm: " + reason) })
        }
        let earlier = Self.assessment(.rapidExchange, right: [20, 21], left: [18, 19])
        var later = Self.assessment(.standard, right: [30], left: [25])
        later = StoredAssessment(
            id: 2,
            facts: AssessmentFacts(
                subject: "F47",
                device: later.facts.device,
                startedAtMilliseconds: Self.noon + 86_400_000,
                protocolName: "standard",
                firstHand: .right,
                trialsPerHand: 1,
                restSeconds: 30,
                unit: "kg",
                calibrationDate: later.facts.calibrationDate
            ),
            attempts: later.attempts
        )
        let view = ClinicalView(assessment: later, subject: try Self.subject(), others: [earlier], timeZone: Self.utc)
        #expect(view.earlier.count == 1 && view.report(firmware: nil).trend.isEmpty)
    }

    /// Both hands' REG/static ratios on the page and in the FHIR notes, their caveat once, after them.
    @Test func theRapidExchangeCaveatIsSaidOncePerReport() throws {
        let earlier = Self.assessment(.southampton, right: [30, 32, 31], left: [25, 24, 26])
        let facts = earlier.facts
        let later = Self.assessment(.rapidExchange, right: [20, 22], left: [18, 17])
        let run = StoredAssessment(
            id: 2,
            facts: AssessmentFacts(
                subject: facts.subject,
                device: facts.device,
                startedAtMilliseconds: facts.startedAtMilliseconds + 60_000,
                protocolName: later.facts.protocolName,
                firstHand: .right,
                trialsPerHand: 2,
                restSeconds: 0,
                unit: "kg",
                calibrationDate: facts.calibrationDate,
                protocolVersion: 1
            ),
            attempts: later.attempts
        )
        let view = ClinicalView(assessment: run, subject: try Self.subject(), others: [earlier], timeZone: Self.utc)
        let caveat = "REG/static ratio: " + GripProtocol.rapidExchangeCaveat
        for lines in [view.report(firmware: nil).protocolUsed.results, try view.fhirAssessment().notes] {
            #expect(lines.filter { $0.contains("information only") } == [caveat], "\(lines)")
            #expect(lines.filter { $0.hasPrefix("REG/static ratio, ") }.count == 2, "\(lines)")
            #expect(lines.firstIndex(of: caveat) == (lines.lastIndex { $0.hasPrefix("REG/static ratio, ") } ?? 0) + 1)
        }
    }

    /// Every protocol's assessment as a FHIR Bundle, collection and transaction: valid R4 in both models.
    @Test(.disabled(if: FHIRValidator.skipped, "GRIPFIT_SKIP_FHIR=1"))
    func everyProtocolsBundleIsValidR4() throws {
        let subject = try Self.subject()
        let device = FHIRDevice(address: "ble:C0:FF:EE:00:00:01", firmware: "1.0", manufacturer: nil, model: "GripFit")
        var bundles: [String: String] = [:]
        for (named, right, left) in Self.runs {
            let assessment = try Self.view(named, right: right, left: left).fhirAssessment()
            for type in FHIRBundleType.allCases {
                bundles["\(named.name)-\(type.rawValue)"] = try FHIRBundleWriter.bundle(
                    patients: [ClinicalView.fhirPatient(subject)],
                    devices: [device],
                    assessments: [assessment],
                    identity: FHIRIdentity(site: "0b7e5a4c-2f1d-4c3b-9a8e-1d2c3b4a5f60"),
                    type: type
                )
            }
        }
        #expect(bundles.count == GripProtocol.all.count * FHIRBundleType.allCases.count)
        let result = try FHIRValidator.run(bundles)
        #expect(result.status == 0, "\(result.output)")
        #expect(
            result.output.components(separatedBy: "valid FHIR R4 Bundle (fhir.resources and fhirclient)").count == bundles.count + 1,
            "\(result.output)"
        )
    }
}
