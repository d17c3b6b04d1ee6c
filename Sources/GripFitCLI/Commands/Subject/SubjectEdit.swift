import ArgumentParser
import GripFitClinical
import GripFitOutput
import GripFitRecords
import GripFitStore

/// `gripfit-serial subject edit CODE [facts]`: the facts given replace the stored ones.
struct SubjectEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a subject's facts (the code stays; --note '' clears the note).",
        discussion: """
            Example:
              gripfit-serial subject edit P017 --weight 64.5 --height 168
            """
    )

    @Argument(help: "The subject's code, as `subject list` shows it.")
    var code: String

    @OptionGroup var facts: SubjectFacts

    func validate() throws {
        if facts.isEmpty { throw ValidationError("Give at least one fact to change, e.g. --weight 64.5.") }
    }

    @OptionGroup var historyOption: HistoryOption

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The command on `station`'s history, writing to `output`: tests run it in-process (issue 32).
    func run(station: Station, to output: any CommandOutput) throws {
        let store = try station.history(historyOption)
        let subject = try facts.applied(to: try store.subject(code: code), today: SubjectFacts.today())
        try store.updateSubject(subject)
        station.audit(store).record(.subjectEdit, subjects: [subject.code])
        output.line("updated subject \(UntrustedText.escaped(subject.code))")
    }
}
