import ArgumentParser
import GripFitClinical
import GripFitRecords
import GripFitStore

/// `gripfit-serial subject list`: every subject, by code, with their age today.
struct SubjectList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the subjects, by code.",
        discussion: """
            Example:
              gripfit-serial subject list
            """
    )

    @OptionGroup var historyOption: HistoryOption

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The command on `station`'s history, writing to `output`: tests run it in-process (issue 32).
    func run(station: Station, to output: any CommandOutput) throws {
        let (store, damage) = try station.historyToRead(historyOption)
        let subjects = try store.subjects()
        if subjects.isEmpty, damage == nil {
            output.line("No subjects yet. Add one with `gripfit-serial subject add CODE`.")
        }
        let today = SubjectFacts.today()
        for subject in subjects {
            guard output.line(SubjectText.oneLine(subject, today: today)) else { return }
        }
        if let damage { throw damage }
    }
}
