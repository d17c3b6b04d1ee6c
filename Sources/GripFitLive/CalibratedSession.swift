import GripFitCore
import GripFitRecords

/// The session's ``CalibrationStage`` as one ``LinkConsumer`` in front of the consumers that
/// show or record force: each report goes through the stage once, then to each of them in order;
/// the driver wakes at the earliest of their deadlines, and each writes its batch when the driver idles.
/// `record` and the dashboard build the same consumers (``LiveRecording``, ``LiveGuidedRun``); the
/// dashboard's roles start and stop theirs behind it as the page asks.
public final class CalibratedSession: LinkConsumer {
    public private(set) var stage: LiveCalibration
    public let consumers: [any LinkConsumer<CalibratedReport>]

    public init(stage: LiveCalibration, consumers: [any LinkConsumer<CalibratedReport>]) {
        self.stage = stage
        self.consumers = consumers
    }

    public func handle(_ report: LinkReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        pass(report, at: now, link: link, into: &actions)
    }

    /// ``handle(_:at:link:into:)``, giving what the stage made of the report to a caller that
    /// shows it beside the consumers (the dashboard's status and events).
    @discardableResult
    public func pass(
        _ report: LinkReport,
        at now: MonotonicInstant,
        link: LinkFacts,
        into actions: inout [ConsumerAction]
    ) -> CalibratedReport {
        let calibrated = CalibratedReport(stage.handle(report, at: now, link: link), stage: stage)
        // Once one asks to stop (a recording whose calibration cannot be read), the others see no
        // more: nothing is shown for a session that is ending.
        for consumer in consumers where !actions.contains(.stop) {
            consumer.handle(calibrated, at: now, link: link, into: &actions)
        }
        return calibrated
    }

    public var nextDeadline: MonotonicInstant? {
        consumers.reduce(nil) { .earliest($0, $1.nextDeadline) }
    }

    public func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        for consumer in consumers {
            guard let due = consumer.nextDeadline, due <= now else { continue }
            consumer.tick(at: now, link: link, into: &actions)
        }
    }

    public func idle(into actions: inout [ConsumerAction]) {
        for consumer in consumers { consumer.idle(into: &actions) }
    }
}
