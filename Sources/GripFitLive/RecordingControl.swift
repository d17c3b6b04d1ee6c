import GripFitCore
import GripFitOutput
import GripFitRecords

/// A recording started and stopped from the dashboard's page, one of its session's roles: asked
/// for, begun at the next reading of a known GripFit (a ``SessionCapture``, as `record` begins
/// one), and finished by `stop`, by the end of the command, or by the driver at the memory limit.
/// `SaveFailure`: why the caller's save of a session stopped at the memory limit failed.
public struct RecordingControl<SaveFailure: Error> {
    private struct Request {
        var hand: Hand?
        var label: String?
    }

    private var request: Request?
    private var capture: SessionCapture?
    /// A recording stopped by the driver (memory limit), saved, waiting for `stop` to report it.
    private var autoSaved: Result<StoredSession, SaveFailure>?

    public init() {}

    /// Asked for or under way: a guided run cannot start beside it.
    public var isBusy: Bool { capture != nil || request != nil }

    /// Begins at the next reading of a known GripFit; forgets a recording saved at the memory limit.
    public mutating func start(hand: Hand?, label: String?) {
        autoSaved = nil
        request = Request(hand: hand, label: label)
    }

    /// A guided run is starting: a recording saved at the memory limit is no longer reported.
    public mutating func forgetAutoSaved() {
        autoSaved = nil
    }

    /// Takes one report as it left `stage`. The finished session when the capture must stop
    /// (memory limit), for the caller to save.
    public mutating func handle(
        _ output: LiveCalibration.Output, at now: MonotonicInstant, stage: LiveCalibration, link: LinkFacts, wallTime: any WallTime
    ) -> StoredSession? {
        let report = output.report
        if let device = output.beginsOn, let request, capture == nil {
            self.request = nil
            capture = SessionCapture(
                device: device, stage: stage, first: report, at: now, wallTime: wallTime, untilRelease: false,
                firmware: link.firmware, bridgeVersion: link.bridgeVersion, tags: SessionTags(label: request.label, hand: request.hand))
            return nil
        }
        guard var running = capture else { return nil }
        guard running.record(report, at: now, stage: stage) == .full else {
            capture = running
            return nil
        }
        capture = nil
        return running.finish(at: now, firmware: link.firmware, bridgeVersion: link.bridgeVersion)
    }

    /// The save of a session the driver stopped, for `stop` to report.
    public mutating func autoSaved(_ result: Result<StoredSession, SaveFailure>) {
        autoSaved = result
    }

    /// Stops: the session to save if readings came, else the one saved at the memory limit, if any.
    public mutating func stop(at now: MonotonicInstant, firmware: String?, bridgeVersion: String?) -> (
        finished: StoredSession?, autoSaved: Result<StoredSession, SaveFailure>?
    ) {
        defer {
            capture = nil
            request = nil
            autoSaved = nil
        }
        return (capture?.finish(at: now, firmware: firmware, bridgeVersion: bridgeVersion), autoSaved)
    }

    /// The status's `recording` object when no guided run is on: recording, waiting or idle.
    public var object: JSONObject {
        var object = JSONObject()
        if let capture {
            object.set("state", "recording")
            object.set("started_at", Timestamp.rfc3339(milliseconds: capture.startedAtMilliseconds))
            object.set("readings", capture.sampleCount)
            if let hand = capture.tags.hand { object.set("hand", hand.rawValue) }
            if let label = capture.tags.label { object.set("label", label) }
        } else if let request {
            object.set("state", "waiting")
            if let hand = request.hand { object.set("hand", hand.rawValue) }
            if let label = request.label { object.set("label", label) }
        } else {
            object.set("state", "idle")
        }
        return object
    }
}
