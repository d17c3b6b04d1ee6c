/// The protocol the trials followed: a reader compares figures only between like protocols.
public struct ReportProtocol: Sendable, Equatable {
    public var name: String
    public var trialsPerHand: Int
    public var restSeconds: Double
    /// The statistic beside the figures: the norm's ("maximum of all trials, either hand") where the best
    /// per hand is the result (`standard`), else the protocol's own ("mean of the trials per hand").
    public var statistic: String
    /// The protocol's own result, each figure beside the statistic that made it ("result, right
    /// hand (asht v1, mean of the trials per hand): 31.0 kg from 3 trials"); empty when the best and
    /// mean per hand are its result (`standard`).
    public var results: [String]

    public init(name: String, trialsPerHand: Int, restSeconds: Double, statistic: String, results: [String] = []) {
        self.name = name
        self.trialsPerHand = trialsPerHand
        self.restSeconds = restSeconds
        self.statistic = statistic
        self.results = results
    }
}
