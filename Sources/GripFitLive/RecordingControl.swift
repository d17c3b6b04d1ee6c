import GripFitCore
import GripFitOutput
import GripFitRecords

/// A recording started and stopped from the dashboard's page, one of its session's roles: while
/// asked for, `record`'s own ``LiveRecording`` (no length, no release stop) behind the session's
/// ``CalibratedSession``, so it begins at the next reading of a known GripFit as `record` does. It
/// ends by `stop`, by the end of the command, or at the memory limit, where the recording asks to
/// stop: that ends the recording, not the session, and its session waits in ``takeFinished()``.
/// `SaveFailure`: why the caller's save of a session stopped at the memory limit failed.
public final class RecordingControl<SaveFailure: Error>: LinkConsumer {
    private let unit: ForceUnit
    private let wallTime: any WallTime
    private var recording: LiveRecording?
    /// The subject picked on the page for the recording under way, filed with it.
    private var subject: String?
    /// A recording stopped at the memory limit, for the caller to save.
    private var finished: StoredSession?
    /// A recording stopped at the memory limit, saved, waiting for `stop` to report it.
    private var autoSaved: Result<StoredSession, SaveFailure>?

    public init(unit: ForceUnit, wallTime: any WallTime) {
        self.unit = unit
        self.wallTime = wallTime
    }

    /// Asked for or under way: a guided run cannot start beside it.
    public var isBusy: Bool { recording != nil }

    /// Begins at the next reading of a known GripFit, for `subject` if given; forgets a recording
    /// saved at the memory limit.
    public func start(hand: Hand?, label: String?, subject: String?, at now: MonotonicInstant) {
        autoSaved = nil
        self.subject = subject
        // The dashboard goes on with raw counts when the calibration file cannot be read, and says why once.
        recording = LiveRecording(
            seconds: nil,
            untilRelease: false,
            tags: SessionTags(label: label, hand: hand),
            unit: unit,
            wallTime: wallTime,
            startingAt: now,
            needsCalibrationFile: false
        )
    }

    /// A guided run is starting: a recording saved at the memory limit is no longer reported.
    public func forgetAutoSaved() {
        autoSaved = nil
    }

    public func handle(_ calibrated: CalibratedReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        guard let recording else { return }
        var own: [ConsumerAction] = []
        recording.handle(calibrated, at: now, link: link, into: &own)
        // Its stop (the memory limit) ends the recording, not the dashboard's session.
        actions += own.filter { $0 != .stop }
        guard own.contains(.stop) else { return }
        self.recording = nil
        finished = filed(recording.finish(at: now, link: link))
    }

    /// The session stopped at the memory limit since the last call, for the caller to save (outside
    /// the dashboard's lock) and hand back to ``autoSaved(_:)``.
    public func takeFinished() -> StoredSession? {
        defer { finished = nil }
        return finished
    }

    /// The save of a session stopped at the memory limit, for `stop` to report.
    public func autoSaved(_ result: Result<StoredSession, SaveFailure>) {
        autoSaved = result
    }

    /// Stops: the session to save if readings came, else the one saved at the memory limit, if any.
    /// `link` has the versions known now, for a recording that saw none itself.
    public func stop(
        at now: MonotonicInstant,
        link: LinkFacts
    ) -> (finished: StoredSession?, autoSaved: Result<StoredSession, SaveFailure>?) {
        defer {
            recording = nil
            autoSaved = nil
        }
        return (filed(recording?.finish(at: now, link: link)), autoSaved)
    }

    private func filed(_ session: StoredSession?) -> StoredSession? {
        guard var session else { return nil }
        session.tags.subject = subject
        return session
    }

    /// The status's `recording` object when no guided run is on: recording, waiting or idle, and
    /// the subject it is for.
    public var object: JSONObject {
        var object = JSONObject()
        guard let recording else {
            object.set("state", "idle")
            return object
        }
        if let started = recording.startedAtMilliseconds {
            object.set("state", "recording")
            object.set("started_at", Timestamp.rfc3339(milliseconds: started))
            object.set("readings", recording.sampleCount)
        } else {
            object.set("state", "waiting")
        }
        if let hand = recording.tags.hand { object.set("hand", hand.rawValue) }
        if let label = recording.tags.label { object.set("label", label) }
        if let subject { object.set("subject", subject) }
        return object
    }
}
