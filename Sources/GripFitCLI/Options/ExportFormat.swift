import ArgumentParser
import GripFitClinical
import GripFitExchange
import GripFitRecords
import GripFitStore

/// `export --format json|csv|fhir`: one option for two kinds of thing written, each with its own
/// format enum (sessions as JSON or CSV, assessments as FHIR), so a new format is one case in its
/// kind's enum and a switch that misses it does not compile.
enum ExportFormat: ExpressibleByArgument, Equatable, Sendable, CustomStringConvertible {
    case sessions(SessionFormat)
    case assessments(AssessmentFormat)

    init?(argument: String) {
        if let format = SessionFormat(rawValue: argument) {
            self = .sessions(format)
        } else if let format = AssessmentFormat(rawValue: argument) {
            self = .assessments(format)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { SessionFormat.allCases.map(\.rawValue) + AssessmentFormat.allCases.map(\.rawValue) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// As the option names it.
    var description: String {
        switch self {
        case .sessions(let format): format.rawValue
        case .assessments(let format): format.rawValue
        }
    }
}
