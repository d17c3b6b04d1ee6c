import ArgumentParser
import Glibc
import GripFitOutput
import GripFitRecords
import GripFitStore

/// `gripfit-serial subject forget CODE`: an erasure request. The subject, their assessments and
/// sessions go, and the file is rewritten so nothing of them is left in it.
struct SubjectForget: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Delete a subject with all their sessions and assessments, leaving nothing of them in the history file.",
        discussion: """
            Asks for the code again on a terminal; elsewhere (scripts), --yes is required. The \
            history file is then compacted (SQLite secure_delete and VACUUM), so the deleted data is \
            not left in free pages. On a shared server the tables are rewritten (VACUUM FULL) and \
            its log checkpointed where this user may, and a tombstone (a keyed digest of the code) \
            makes every other station remove its copies at its next contact; the closing line says \
            what was done where. Exports and rescue files already written are not touched.

            Example:
              gripfit-serial subject forget P017 --yes
            """
    )

    @Argument(help: "The subject's code, as `subject list` shows it.")
    var code: String

    @Flag(help: "Delete without asking.")
    var yes = false

    @OptionGroup var historyOption: HistoryOption

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The whole command at `station`, said on `sink`; without --yes it asks on the terminal.
    /// Tests run it in-process with --yes (issue 32).
    func run(station: Station, to sink: some CommandOutput) throws {
        let store = try station.history(historyOption)
        let held = try store.holdings(subject: code)
        let (sessions, assessments) = (held.sessions, held.assessments)
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                throw CLIFailure(
                    "subject forget deletes \(UntrustedText.escaped(code)) and their \(sessions) session(s) and "
                        + "\(assessments) assessment(s) for good: add --yes to confirm.",
                    status: .usage
                )
            }
            sink.error(
                "This deletes subject \(UntrustedText.escaped(code)), \(sessions) session(s) and \(assessments) assessment(s) "
                    + "for good. Type the code again to confirm:"
            )
            // Codes are case-blind everywhere else (`p017` finds `P017`), so here too.
            guard readLine(strippingNewline: true)?.lowercased() == code.lowercased() else {
                throw CLIFailure("not confirmed: nothing was deleted.", status: .failure)
            }
        }
        let forgotten = try store.forgetSubject(code: code)
        let deleted = "\(forgotten.sessions) sessions, \(forgotten.assessments) assessments deleted"
        station.audit(store).record(.subjectForget, subjects: [code], detail: deleted)
        sink.line(
            "forgot subject \(UntrustedText.escaped(code)): \(forgotten.sessions) session(s) and \(forgotten.assessments) "
                + "assessment(s) deleted; " + forgotten.done.joined(separator: "; ")
        )
    }
}
