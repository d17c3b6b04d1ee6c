/// What a dashboard token may do, each role everything the one before it may: a `viewer` watches
/// the live view and reads the history and reports; a `clinician` also records, runs protocols and
/// adds subjects; an `admin` also exports every session at once, erases subjects and manages tokens.
public enum DashboardRole: String, CaseIterable, Comparable, Sendable, Codable {
    case viewer
    case clinician
    case admin

    public static func < (lhs: DashboardRole, rhs: DashboardRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The roles as `--role` and the messages list them: "viewer, clinician or admin".
    public static var names: String {
        allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + allCases.last!.rawValue
    }
}
