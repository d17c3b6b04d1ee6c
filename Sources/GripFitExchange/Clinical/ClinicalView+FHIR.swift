import Foundation
import GripFitClinical
import GripFitCore
import GripFitRecords

extension ClinicalView {
    /// The writer's assessment: a hand per hand with counted trials, each with its own trial
    /// consistency; the norm (with its DOI) and EWGSOP2 lines once, for the assessment, in kgf as
    /// the values are. Its `id` is the assessment's stable uid (``StableName``), the same before and
    /// after a sync and at every station: the one input the Observations' ids and identifiers are
    /// made from (``FHIRIdentity``), so a re-export or another station's export names the same Observation.
    public func fhirAssessment() throws(FHIRRefusal) -> FHIRAssessment {
        let facts = assessment.facts
        guard facts.calibrated else { throw .uncalibrated(assessment.name) }
        guard let code = facts.subject else { throw .noSubject(assessment.name) }
        let hands = [Hand.left, .right].compactMap { hand -> FHIRHandResult? in
            let figures = statistics.figures(hand)
            let notes = consistency(hand).map { ["trial consistency, \(hand.rawValue) hand: \($0)"] } ?? []
            // Numbered as saved and cued, as the report numbers them.
            let trials = assessment.attempts.filter { $0.hand == hand && $0.counts }.sorted { $0.trial < $1.trial }
                .map { CountedTrial(number: $0.trial, kg: $0.peak, measures: measures[$0.session]) }
            return figures.best.map { FHIRHandResult(hand: hand, valueKg: $0, trials: trials, notes: notes, figures: fhirFigures(hand)) }
        }
        return FHIRAssessment(
            id: assessment.uid ?? assessment.name,
            subjectCode: code,
            deviceAddress: facts.device,
            effective: Date(timeIntervalSince1970: Double(facts.startedAtMilliseconds) / 1000),
            protocolName:
                "GripFit \(facts.protocolTitle) protocol, \(facts.trialsPerHand) trial\(facts.trialsPerHand == 1 ? "" : "s") per hand",
            statistic: "maximum of counted trials",
            hands: hands,
            notes: fhirNotes
        )
    }

    /// The protocol's figures of `hand` that are not a static grip's result (those are the
    /// Observation's value and notes), each with its UCUM unit.
    private func fhirFigures(_ hand: Hand) -> [FHIRFigure] {
        let title = assessment.facts.protocolTitle
        return protocolFigures.filter { $0.hand == hand && !$0.statistic.isStatic }.map { figure in
            let (code, ucum): (String, String) =
                switch figure.measure.unit {
                case .force: ("mean", "kgf")
                case .seconds: (figure.measure.rawValue.lowercased(), "s")
                case .percent: ("fatigue-index", "%")
                case .forcePerTrial: ("peak-slope", "kgf/{trial}")
                case .ratio: ("static-ratio", "1")
                }
            let definition = figure.measure == .result ? figure.statistic.rawValue : figure.measure.definition
            return FHIRFigure(
                code: code,
                display: "\(figure.measure.rawValue): \(definition) (\(title))",
                value: figure.missing == nil ? figure.value : nil,
                ucum: ucum,
                missing: figure.missing
            )
        }
    }

    /// The assessment's lines in kgf; a placed norm names its source by DOI, as the EWGSOP2 line does.
    private var fhirNotes: [String] {
        var lines = comparisonLines(unit: "kgf")
        if case .placed = norm, let first = lines.first { lines[0] = first + "; " + DoddsTable.doi }
        return protocolResults(unit: "kgf") + lines
    }

    /// The protocol's own figure lines (``protocolFigures``) with the forces in `unit`, then the
    /// REG/static ratio's caveat once, after both hands' ratios (the terminal repeats it per line; a
    /// page need not); none for a protocol this build does not know or whose result is the best and mean.
    func protocolResults(unit: String) -> [String] {
        guard let named = GripProtocol.named(assessment.facts.protocolName) else { return [] }
        let caveat = "; " + GripProtocol.rapidExchangeCaveat
        var ratios = false
        let lines = protocolFigures.map { figure in
            let line = named.resultLine(figure) { "\($0.formatted(decimals: 1)) \(unit)" }
            guard figure.measure == .staticRatio, line.hasSuffix(caveat) else { return line }
            ratios = true
            return String(line.dropLast(caveat.count))
        }
        return lines + (ratios ? [GripProtocol.Measure.staticRatio.rawValue + ": " + GripProtocol.rapidExchangeCaveat] : [])
    }

    /// A subject as a Patient: code, sex and as much of the birth as is known.
    public static func fhirPatient(_ subject: Subject) -> FHIRPatient {
        let birth: FHIRBirthDate? =
            switch subject.birth {
            case .date(let day): .day(year: day.year, month: day.month, day: day.day)
            case .year(let year): .year(year)
            case nil: nil
            }
        return FHIRPatient(code: subject.code, sex: subject.sex, birthDate: birth)
    }
}
