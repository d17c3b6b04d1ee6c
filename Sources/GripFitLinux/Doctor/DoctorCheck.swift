/// One line of `gripfit-serial doctor`: what was checked, what was found, and the fix when it failed.
public struct DoctorCheck: Equatable, Sendable, CustomStringConvertible {
    public let title: String
    public let passed: Bool
    public let finding: String
    public let fix: String?

    public static func pass(_ title: String, _ finding: String) -> DoctorCheck {
        DoctorCheck(title: title, passed: true, finding: finding, fix: nil)
    }

    public static func fail(_ title: String, _ finding: String, fix: String) -> DoctorCheck {
        DoctorCheck(title: title, passed: false, finding: finding, fix: fix)
    }

    public var description: String {
        "\(passed ? "✔" : "✘") \(title): \(finding)" + (fix.map { ". Fix: \($0)" } ?? "")
    }
}
