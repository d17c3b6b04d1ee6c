import ArgumentParser
import GripFitLive

/// Assessment protocols `record --protocol` can run.
enum RecordProtocol: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Three maximal squeezes per hand, alternating hands, with rest between (as in the ASHT and
    /// Southampton protocols); reports best and mean per hand and the left/right difference.
    case standard

    static let trialsPerHand = GuidedRun.trialsPerHand
    static let restSeconds = GuidedRun.restSeconds
}
