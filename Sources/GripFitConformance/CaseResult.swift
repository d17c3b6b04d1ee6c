/// The outcome of one case with what it measured.
public struct CaseResult: Equatable, Sendable {
    public let kind: ConformanceCase
    public let verdict: CaseVerdict
    public let figures: [Figure]
    /// From the case's start to its verdict.
    public let duration: Duration

    public init(kind: ConformanceCase, verdict: CaseVerdict, figures: [Figure], duration: Duration) {
        self.kind = kind
        self.verdict = verdict
        self.figures = figures
        self.duration = duration
    }
}
