import ArgumentParser
import Foundation
import GripFitCore
import GripFitLive
import GripFitRecords
import GripFitStore

/// `gripfit-serial show <id>`: one session's summary and reps.
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a saved session: summary and per-rep table.",
        discussion: """
            A session is shown with its summary (peak, mean, time to peak, peak RFD over 100 ms, \
            impulse, link gaps) and a per-rep table. Times are local, with their UTC offset. A \
            session recorded before its device was \
            calibrated is shown with the device's current calibration, and says so.

            An assessment (A<n>) is shown with its subject, every attempt per hand (flagged ones \
            with their reason) and its figures: best, mean, population SD and CV per hand, the \
            left/right difference, the dominance ratio and trial consistency, then its clinical \
            reading: the Dodds 2014 centile and z-score of the best trial of either hand (or what is \
            missing for one), the EWGSOP2 comparison and each hand's CV against its threshold \
            (see docs/clinic.md, "Clinical meaning"); information, never a diagnosis. A guided run \
            (`record --protocol standard`) ends with the same lines.

            Examples:
              gripfit-serial show 3 --unit N
              gripfit-serial show A2
              gripfit-serial show A2 --ewgsop2-women 18 --ewgsop2-men 29 --consistency 10
            """
    )

    @Argument(
        help: "A session's name (s-XXXX) or id, from `gripfit-serial history`; an assessment's (a-XXXX or A<n>) from `--assessments`."
    )
    var id: String

    @OptionGroup var unitOption: UnitOption
    var unit: ForceUnit { unitOption.resolved }

    @OptionGroup var clinicalOptions: ClinicalOptions

    init() {}

    func validate() throws {
        if let number = Int64(id) { try SessionID.validate(number) }
        guard RecordName(id) != nil else {
            throw ValidationError(
                "Give a session's name s-… or id (a whole number from 1 up), or an assessment's a-… or A<n>; got \(id)."
            )
        }
    }

    @OptionGroup var historyOption: HistoryOption

    func run() throws {
        try run(station: Station(), to: StandardStreams(), width: UsageLine.terminalWidth)
    }

    /// The whole command on `station`'s history, audited as the binary audits it: tests run it
    /// in-process (issue 32).
    func run(station: Station, to sink: some CommandOutput, width: Int) throws {
        let (store, damage) = try station.historyToRead(historyOption)
        try show(store, damage: damage, calibrations: station.calibrations, width: width, to: sink, audit: station.audit(store))
    }

    /// The work of ``run()`` on an opened history, so a test can read what it writes without a launch (issue 21).
    /// An assessment's lines are wrapped to `width` (the terminal's, `COLUMNS`, or 80).
    func show(
        _ store: any SessionHistory,
        damage: StoreError?,
        calibrations: CalibrationBook,
        width: Int,
        to sink: some CommandOutput,
        audit: AuditTrail? = nil
    ) throws {
        let name = try RecordName.session(id, orAssessment: true)
        if name.isAssessment {
            let assessment = try store.assessment(id: try name.id(in: store))
            let view = try ClinicalViews.view(of: assessment, in: store, settings: clinicalOptions.settings())
            audit?.record(.assessment(.show, assessment))
            for line in AssessmentText.details(view, unit: unit, width: width) {
                guard sink.line(line) else { return }
            }
            if let damage { throw damage }
            return
        }
        let (session, later) = try HistoryEntry.presented(try store.session(id: try name.id(in: store)), calibrations: calibrations)
        let display = ForceDisplay(calibration: session.calibration, unit: unit)
        audit?.record(.session(.show, session))
        for line in SessionText.details(session, display: display, later: later) {
            guard sink.line(line) else { return }
        }
        if let damage { throw damage }
    }
}
