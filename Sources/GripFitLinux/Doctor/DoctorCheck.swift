/// One line of `gripfit-serial doctor`: what was checked, what was found, and the fix when it failed.
/// A check that could not run because an earlier one failed is skipped ("–"), as `check` marks its skipped
/// cases: one cause, one ✘.
public struct DoctorCheck: Equatable, Sendable, CustomStringConvertible {
    public enum Outcome: Equatable, Sendable {
        case passed, failed, skipped
    }

    public let title: String
    public let outcome: Outcome
    public let finding: String
    public let fix: String?

    public var failed: Bool { outcome == .failed }

    public static func pass(_ title: String, _ finding: String) -> DoctorCheck {
        DoctorCheck(title: title, outcome: .passed, finding: finding, fix: nil)
    }

    public static func fail(_ title: String, _ finding: String, fix: String) -> DoctorCheck {
        DoctorCheck(title: title, outcome: .failed, finding: finding, fix: fix)
    }

    /// Not checked, because of the failure named in `reason`.
    public static func skip(_ title: String, _ reason: String) -> DoctorCheck {
        DoctorCheck(title: title, outcome: .skipped, finding: "not checked: \(reason)", fix: nil)
    }

    public var description: String {
        let mark =
            switch outcome {
            case .passed: "✔"
            case .failed: "✘"
            case .skipped: "–"
            }
        return "\(mark) \(title): \(finding)" + (fix.map { ". Fix: \($0)" } ?? "")
    }
}
