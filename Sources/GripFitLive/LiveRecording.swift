import GripFitCore
import GripFitRecords

/// One recording as a session consumer: the engine behind `record`. It waits for the GripFit's
/// identity and calibration (the session's ``CalibrationStage``), records from the first reading that counts,
/// and stops after its length (counted from that reading), at a release, or at the memory limit;
/// without a length, a first reading that never comes stops it after ``firstReadingWait``.
/// Tells its front end what happens through `onEvent`; holds the session until ``finish(at:link:)``.
/// The dashboard's page records with it too (``RecordingControl``): no length, no release stop.
public final class LiveRecording: LinkConsumer {
    public enum Stop: Equatable, Sendable {
        case duration
        case released
        case full
    }

    /// What the front end shows as the recording goes.
    public enum Event {
        /// Why the device key is not the GripFit's own BLE identity.
        case notice(String)
        /// The first reading that counts: the device and how its forces are shown.
        case started(device: String, display: ForceDisplay)
    }

    /// How long a recording of set length waits for its first reading before giving up: a scan
    /// and a connect, with room. Without a length it waits until stopped.
    public static let firstReadingWait: Duration = .seconds(20)
    /// A year: longer lengths are taken as this, so the arithmetic stays in range.
    public static let longestLength = 366.0 * 86_400

    public private(set) var stop = Stop.duration
    /// Why the device's calibration could not be read: the recording stops rather than file a
    /// session with the wrong numbers.
    public private(set) var lookupFailure: (any Error)?
    public private(set) var nextDeadline: MonotonicInstant?

    private var capture: SessionCapture?
    private let length: Duration?
    private var lastReadingAt: MonotonicInstant?
    private let untilRelease: Bool
    /// How the session is filed: the user's label and hand.
    public let tags: SessionTags
    private let needsCalibrationFile: Bool
    private let unit: ForceUnit
    private let wallTime: any WallTime
    private let onEvent: (Event) -> Void

    /// Records `seconds` (nil: until a release, a stop or the memory limit), from `now`, the session's start.
    /// `needsCalibrationFile`: a calibration file that cannot be read stops the recording (`record`);
    /// false records raw counts, as the dashboard goes on with them (it says why once, for the whole page).
    public init(
        seconds: Double?,
        untilRelease: Bool,
        tags: SessionTags,
        unit: ForceUnit,
        wallTime: any WallTime,
        startingAt now: MonotonicInstant,
        needsCalibrationFile: Bool = true,
        onEvent: @escaping (Event) -> Void = { _ in }
    ) {
        length = seconds.flatMap { $0.isNaN ? nil : Duration(seconds: min(max($0, 0), Self.longestLength)) }
        nextDeadline = length.map { now + max($0, Self.firstReadingWait) }
        self.untilRelease = untilRelease
        self.tags = tags
        self.needsCalibrationFile = needsCalibrationFile
        self.unit = unit
        self.wallTime = wallTime
        self.onEvent = onEvent
    }

    /// A reading has started the recording.
    public var hasStarted: Bool { capture != nil }
    /// When the first reading came, once it has.
    public var startedAtMilliseconds: Int64? { capture?.startedAtMilliseconds }
    /// The readings recorded so far.
    public var sampleCount: Int { capture?.sampleCount ?? 0 }

    public func handle(
        _ calibrated: CalibratedReport,
        at now: MonotonicInstant,
        link: LinkFacts,
        into actions: inout [ConsumerAction]
    ) {
        let (output, stage) = (calibrated.output, calibrated.stage)
        let report = output.report
        guard var active = capture else {
            begin(output, stage: stage, at: now, link: link, into: &actions)
            return
        }
        let event = active.record(report, at: now, stage: stage)
        capture = active
        guard case .message(.reading) = report else { return }
        switch event {
        case .released:
            stop = .released
            actions.append(.stop)
        case .full:
            stop = .full
            actions.append(.stop)
        case nil:
            // The reading nearest the length is the last: S seconds of readings, not of connecting.
            defer { lastReadingAt = now }
            if let length, now - active.start + (now - (lastReadingAt ?? now)) / 2 >= length { actions.append(.stop) }
        }
    }

    /// Past the length (silence must not stretch the recording), or no first reading in time.
    public func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        if let nextDeadline, nextDeadline <= now { actions.append(.stop) }
    }

    /// The analysed session, ready to save; nil when no reading started it. Call once, at the end;
    /// `link` has the versions known then, for a recording that saw none itself.
    public func finish(at now: MonotonicInstant, link: LinkFacts) -> StoredSession? {
        guard var finished = capture else { return nil }
        capture = nil
        return finished.finish(at: now, firmware: link.firmware, bridgeVersion: link.bridgeVersion)
    }

    private func begin(
        _ output: LiveCalibration.Output,
        stage: LiveCalibration,
        at now: MonotonicInstant,
        link: LinkFacts,
        into actions: inout [ConsumerAction]
    ) {
        guard let device = output.beginsOn else { return }
        if let error = output.decided?.failure(notice: { onEvent(.notice($0)) }), needsCalibrationFile {
            lookupFailure = error
            actions.append(.stop)
            return
        }
        capture = SessionCapture(
            device: device,
            stage: stage,
            first: output.report,
            at: now,
            wallTime: wallTime,
            untilRelease: untilRelease,
            firmware: link.firmware,
            bridgeVersion: link.bridgeVersion,
            tags: tags
        )
        // Silence must not stretch the recording: stop a little after its end regardless.
        nextDeadline = length.map { now + $0 + .seconds(1) }
        onEvent(.started(device: device, display: ForceDisplay(calibration: stage.record, unit: unit)))
        lastReadingAt = now
    }
}
