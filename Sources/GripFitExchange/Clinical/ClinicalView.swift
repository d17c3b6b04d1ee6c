import Foundation
import GripFitClinical
import GripFitCore
import GripFitRecords

/// One stored assessment read clinically: the figures per hand, the subject's age at the assessment,
/// the Dodds 2014 centile of the best trial of either hand (or every reason there is none), the
/// EWGSOP2 comparison and each hand's trial consistency. `show`, `report`, `export --format fhir`
/// and the dashboard all read an assessment through this one mapping, so they cannot disagree.
public struct ClinicalView: Sendable, Equatable {
    public let assessment: StoredAssessment
    public let subject: Subject?
    public let settings: ClinicalSettings
    public let statistics: TrialStatistics
    /// The calendar day of the assessment where it is read (an assessment's day is a local fact).
    public let day: Subject.Birth.Day
    /// Whole years at `day`, approximate when only the birth year is known.
    public let age: Age?
    /// Years (with fraction) at `day`, as the norm interpolates them; from a birth year alone the
    /// birth is taken at mid-year, and `age` says the result is approximate.
    public let ageYears: Double?
    /// The best counted trial of either hand: the statistic of Dodds 2014 and EWGSOP2. Raw counts
    /// when the device was uncalibrated (and then no norm is placed).
    public let bestOfEitherHand: Double?
    /// Which counted trials the norm reads, or why the protocol's trials give no centile.
    public let normBasis: NormBasis
    /// Nil when no trial counted, so there was nothing to place.
    public let norm: NormOutcome?
    public let ewgsop2: EWGSOP2Comparison?
    /// Earlier calibrated assessments of the same subject, oldest first.
    public let earlier: [StoredAssessment]
    /// Where the assessment's days are counted.
    public let timeZone: TimeZone
    /// The protocol's own figures, each with the statistic that made it (``GripProtocol/figures(_:staticMaximum:)``);
    /// none for a protocol this build does not know or whose result is the best and mean.
    public let protocolFigures: [GripProtocol.Figure]
    /// Each attempt's force–time measures, by its session's id, in the assessment's unit; empty
    /// when the caller did not read the sessions' traces.
    public let measures: [Int64: TrialMeasures]

    /// `others`: the subject's assessments (any order, this one included or not); only the earlier,
    /// calibrated ones are kept, since raw counts are not kilograms a trend could compare.
    /// `traces`: the counted attempts' traces by session id, for a protocol whose figures read the
    /// curve (``GripProtocol/needsTraces``); a rapid-exchange run is set beside the latest static
    /// assessment among `others`.
    public init(
        assessment: StoredAssessment,
        subject: Subject?,
        others: [StoredAssessment] = [],
        settings: ClinicalSettings = .standard,
        timeZone: TimeZone,
        traces: [Int64: TrialTrace] = [:],
        measures: [Int64: TrialMeasures] = [:]
    ) {
        self.assessment = assessment
        self.measures = measures
        self.subject = subject
        self.settings = settings
        self.timeZone = timeZone
        statistics = assessment.statistics(dominant: subject?.dominant?.hand)
        let started = assessment.facts.startedAtMilliseconds
        let day = Subject.Birth.Day(Date(timeIntervalSince1970: Double(started) / 1000), in: timeZone)
        let age = subject?.age(on: day)
        let basis = Self.normBasis(assessment)
        let best = basis.bestKg
        self.day = day
        self.age = age
        ageYears = age?.exactYears
        bestOfEitherHand = best
        normBasis = basis
        if let best {
            var input = NormInput(bestKg: best, sex: subject?.sex, age: age, calibrated: assessment.facts.calibrated)
            input.basis = basis.label
            input.unfit = basis.unfit
            norm = DoddsNorms.place(input)
            ewgsop2 = settings.ewgsop2.compare(input)
        } else {
            norm = nil
            ewgsop2 = nil
        }
        earlier = others.filter {
            $0.id != assessment.id && $0.facts.calibrated && $0.facts.subject == assessment.facts.subject
                && $0.facts.subject != nil && $0.facts.startedAtMilliseconds < started
        }.sorted { ($0.facts.startedAtMilliseconds, $0.id) < ($1.facts.startedAtMilliseconds, $1.id) }
        protocolFigures = Self.figures(assessment, traces: traces, earlier: earlier, dominant: subject?.dominant?.hand)
    }

    /// The norm's basis from the assessment's protocol (nil when this build does not know it) and its counted trials.
    static func normBasis(_ assessment: StoredAssessment) -> NormBasis {
        let statistics = assessment.statistics(dominant: nil)
        return NormBasis(
            protocol: GripProtocol.named(assessment.facts.protocolName),
            left: statistics.left.peaks,
            right: statistics.right.peaks
        )
    }

    /// The counted attempts as their protocol's figures read them.
    private static func figures(
        _ assessment: StoredAssessment,
        traces: [Int64: TrialTrace],
        earlier: [StoredAssessment],
        dominant: Hand?
    ) -> [GripProtocol.Figure] {
        guard let named = GripProtocol.named(assessment.facts.protocolName) else { return [] }
        let trials = assessment.attempts.filter(\.counts).map { attempt in
            GripProtocol.TrialPeak(hand: attempt.hand, number: attempt.trial, peak: attempt.peak, trace: traces[attempt.session])
        }
        var reference: GripProtocol.StaticMaximum?
        if named.statistic == .rapidExchange,
            let latest = earlier.last(where: { GripProtocol.named($0.facts.protocolName)?.statistic.isStatic ?? false })
        {
            let statistics = latest.statistics(dominant: dominant)
            reference = GripProtocol.StaticMaximum(
                assessment: "\(latest.name) (\(latest.facts.protocolTitle))",
                left: statistics.left.best,
                right: statistics.right.best
            )
        }
        return named.figures(trials, staticMaximum: reference)
    }

    /// When the device's calibration was made, in the one form a person reads times in
    /// (``Timestamp/local(milliseconds:timeZone:seconds:)``); a plain day (an import may carry one)
    /// stays a day, which a time of midnight UTC would misstate.
    public var calibrationTime: String? {
        assessment.facts.calibrationDate.map { text in
            guard text.contains("T"), let milliseconds = Timestamp.parse(text) else { return text }
            return Timestamp.local(milliseconds: milliseconds, timeZone: timeZone)
        }
    }

    /// A hand's trial consistency against the settings' threshold; nil without a CV.
    public func consistency(_ hand: Hand) -> Consistency? {
        statistics.consistency(hand, threshold: settings.consistencyThreshold)
    }

    /// The lines every output prints: the comparisons, then each hand's trial consistency.
    /// Untrusted text never appears in them.
    public var clinicalLines: [String] {
        comparisonLines
            + [Hand.left, .right].compactMap { hand in
                consistency(hand).map { "trial consistency, \(hand.rawValue): \($0)" }
            }
    }

    /// The norm (centile, z, table and statistic, or what is missing) and the EWGSOP2 comparison.
    public var comparisonLines: [String] { comparisonLines(unit: "kg") }

    /// The same lines with the force called `unit`: "kgf" in FHIR, whose values are kilograms-force.
    public func comparisonLines(unit: String) -> [String] {
        guard let norm, let ewgsop2 else {
            return ["norm: no counted trial, so nothing to compare", "EWGSOP2: no counted trial, so nothing to compare"]
        }
        let best = assessment.facts.calibrated ? bestOfEitherHand.map { $0.formatted(decimals: 1) + " " + unit } : nil
        // A comparison names the grip compared; "No EWGSOP2 comparison: …" stands alone.
        let compared = ewgsop2.compared ? "EWGSOP2: " + (best.map { "best grip \($0) " } ?? "") : ""
        var lines = ["norm: " + norm.text(unit: unit), compared + ewgsop2.text(unit: unit)]
        if case .placed = norm, case .year = subject?.birth {
            lines.append("age from the birth year only, taken at 1 July: the centile may be off by up to half a year of age")
        }
        return lines
    }

    /// The citations of what `clinicalLines` compared with: each source only when it was applied.
    public var citations: [String] {
        var citations: [String] = []
        if case .placed = norm { citations.append(DoddsTable.citation) }
        if ewgsop2?.compared == true { citations.append(EWGSOP2Threshold.citation) }
        return citations
    }

    /// Whether `show` and the report give each trial's measures: the protocol's cue asks for a held grip.
    public var showsMeasures: Bool {
        GripProtocol.named(assessment.facts.protocolName)?.holdsGrip == true && !measures.isEmpty
    }
}
