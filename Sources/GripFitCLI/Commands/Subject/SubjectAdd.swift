import ArgumentParser
import GripFitClinical
import GripFitOutput
import GripFitRecords
import GripFitStore

/// `gripfit-serial subject add CODE [facts]`.
struct SubjectAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a subject under a new code.",
        discussion: """
            Exit codes: 65 a fact that cannot be right or a code already taken, 64 conflicting options.

            Examples:
              gripfit-serial subject add P017 --sex female --birth-date 1979-03-14
              gripfit-serial subject add K-2 --birth-year 1950 --dominant left
            """
    )

    @Argument(help: "The subject's code: 1 to 32 letters, digits, '.', '_' or '-' (never a name).")
    var code: String

    @OptionGroup var facts: SubjectFacts

    @OptionGroup var historyOption: HistoryOption

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The command on `station`'s history, writing to `output`: tests run it in-process (issue 32).
    func run(station: Station, to output: any CommandOutput) throws {
        let subject = try facts.applied(to: try Subject(code: code), today: SubjectFacts.today())
        let store = try station.history(historyOption)
        try store.addSubject(subject)
        station.audit(store).record(.subjectAdd, subjects: [subject.code])
        output.line("added subject \(UntrustedText.escaped(subject.code))")
    }
}
