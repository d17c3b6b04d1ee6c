import ArgumentParser
import GripFitClinical
import GripFitCore
import GripFitOutput
import GripFitRecords
import GripFitStore

/// `gripfit-serial subject show CODE`: the facts, the age today, and every assessment, newest first.
struct SubjectShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a subject's facts and every assessment, newest first.",
        discussion: """
            Each assessment's figures are computed from its stored attempts: best, mean, population \
            SD and CV per hand, the left/right difference and the dominance ratio.

            Example:
              gripfit-serial subject show P017 --unit lb
            """
    )

    @Argument(help: "The subject's code, as `subject list` shows it.")
    var code: String

    @OptionGroup var unitOption: UnitOption

    @OptionGroup var historyOption: HistoryOption

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The command on `station`'s history, writing to `output`: tests run it in-process (issue 32).
    func run(station: Station, to output: any CommandOutput) throws {
        let (store, damage) = try station.historyToRead(historyOption)
        let subject = try store.subject(code: code)
        station.audit(store).record(.show, subjects: [subject.code], detail: "subject")
        for line in SubjectText.details(subject, today: SubjectFacts.today()) {
            guard output.line(line) else { return }
        }
        let assessments = try store.assessments(subject: code)
        let sessions = try store.list(subject: code).rows.filter { $0.tags.assessment == nil }.count
        output.line("")
        output.line(
            assessments.isEmpty
                ? "No assessments yet: `gripfit-serial record --protocol standard --subject \(UntrustedText.escaped(code))` runs one."
                : "assessments, newest first:"
        )
        for assessment in assessments {
            let traces = try ClinicalViews.traces(of: assessment, in: store)
            for line in AssessmentText.summary(
                assessment,
                subject: subject,
                unit: unitOption.resolved,
                traces: traces,
                others: assessments
            ) {
                guard output.line(line) else { return }
            }
        }
        if sessions > 0 {
            output.line("and \(sessions) other session\(sessions == 1 ? "" : "s"): `gripfit-serial history --subject` lists them")
        }
        if let damage { throw damage }
    }
}
