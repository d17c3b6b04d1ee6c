import ArgumentParser

/// `gripfit-serial subject`: the people measured, by a pseudonymous code.
struct SubjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subject",
        abstract: "Add, list, show, edit or forget the subjects measured.",
        discussion: """
            A subject is a pseudonymous code you choose (1 to 32 letters, digits, '.', '_' or '-'; \
            never a name) with the facts norms and reports need: sex, birth date or year, dominant \
            hand, height and weight. `record --subject CODE` files sessions and assessments under it. \
            Subjects live in the history file, which only you can read.

            Exit codes: 64 usage (conflicting options), 65 a fact that cannot be right (an impossible \
            birth date, a height outside 30 to 272 cm) or a code already taken, 66 no such subject.

            Examples:
              gripfit-serial subject add P017 --sex female --birth-year 1979
              gripfit-serial subject edit P017 --dominant right --height 168
              gripfit-serial subject show P017
              gripfit-serial subject forget P017 --yes
            """,
        subcommands: [SubjectAdd.self, SubjectList.self, SubjectShow.self, SubjectEdit.self, SubjectForget.self]
    )

    init() {}
}
