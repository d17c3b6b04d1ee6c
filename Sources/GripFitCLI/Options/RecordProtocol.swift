import ArgumentParser

/// Assessment protocols `record --protocol` can run.
public enum RecordProtocol: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Three maximal squeezes per hand, alternating hands, with rest between (as in the ASHT and
    /// Southampton protocols); reports best and mean per hand and the left/right difference.
    case standard

    static let trialsPerHand = 3
    static let restSeconds = 30.0
}
