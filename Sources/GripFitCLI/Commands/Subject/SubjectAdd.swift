import ArgumentParser
import GripFitClinical
import GripFitOutput
import GripFitStore

/// `gripfit-serial subject add CODE [facts]`.
struct SubjectAdd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a subject under a new code.")

    @Argument(help: "The subject's code: 1 to 32 letters, digits, '.', '_' or '-' (never a name).")
    var code: String

    @OptionGroup var facts: SubjectFacts

    func run() throws {
        let subject = try facts.applied(to: try Subject(code: code), today: SubjectFacts.today())
        let store = try Storage.history()
        try store.addSubject(subject)
        StandardOutput.line("added subject \(UntrustedText.escaped(subject.code))")
    }
}
