import GripFitCore
import GripFitRecords

/// A consumer of the session's reports after its one ``CalibrationStage``: each report comes with
/// the stage's output (the device key once decided, a reading's kilograms) and the stage itself
/// (its calibration and zero). A ``CalibratedSession`` runs the stage once and feeds every such
/// consumer, so two of them (a recording and the live view) share one identity, one lookup and
/// one zero.
public protocol CalibratedConsumer: AnyObject {
    func handle(
        _ output: LiveCalibration.Output, stage: LiveCalibration, at now: MonotonicInstant, link: LinkFacts,
        into actions: inout [ConsumerAction])
    /// When ``tick(at:link:into:)`` is due though no report may come; nil: never.
    var nextDeadline: MonotonicInstant? { get }
    func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction])
    /// Before the driver waits, as ``SessionConsumer/idle(into:)``: a consumer that batches its output writes it here.
    func idle(into actions: inout [ConsumerAction])
}

extension CalibratedConsumer {
    public var nextDeadline: MonotonicInstant? { nil }
    public func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {}
    public func idle(into actions: inout [ConsumerAction]) {}
}
