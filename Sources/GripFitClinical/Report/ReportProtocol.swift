/// The protocol the trials followed: a reader compares figures only between like protocols.
public struct ReportProtocol: Sendable, Equatable {
    public var name: String
    public var trialsPerHand: Int
    public var restSeconds: Double
    /// The figure the norm is read from, e.g. "maximum of all trials, either hand".
    public var statistic: String

    public init(name: String, trialsPerHand: Int, restSeconds: Double, statistic: String) {
        self.name = name
        self.trialsPerHand = trialsPerHand
        self.restSeconds = restSeconds
        self.statistic = statistic
    }
}
