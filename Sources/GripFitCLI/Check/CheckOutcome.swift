/// One dongle of a `check` over several: its report, or why it could not be checked.
struct CheckOutcome {
    var device: String
    var result: Result<CheckReport, CLIFailure>

    /// A failed case, or no check at all: either fails the run.
    var isFailure: Bool {
        switch result {
        case .success(let report): report.failed > 0
        case .failure: true
        }
    }
}
