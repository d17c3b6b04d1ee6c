/// How one case ended.
public enum CaseVerdict: Equatable, Sendable {
    case passed
    /// Why, in words a firmware engineer can act on; may quote device text (escape before printing).
    case failed(String)
    /// The case could not apply here (e.g. `reconnect` behind a plain relay).
    case skipped(String)

    public var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }
}
