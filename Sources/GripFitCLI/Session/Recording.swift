import GripFitCore
import GripFitLinux
import GripFitLive
import GripFitRecords
import GripFitStore

/// `record`'s front end for one recorded session: builds the ``LiveRecording`` (the recording
/// itself, clock-free in GripFitLive) behind the session's calibration stage with any other
/// consumers of the same session (the live view), runs the session, and turns the ways it can
/// fail into ``CLIFailure``s and the way it stopped into a ``Stop``.
struct Recording {
    enum Stop: Equatable {
        case duration
        case released
        case signal(Int32)
        case full
        /// q in the live view beside the recording.
        case quit
    }

    var session: StoredSession
    var stop: Stop

    /// Kilograms: the release a calibrated recording stops at (``ReleaseThreshold``).
    static let calibratedReleaseThreshold = ReleaseThreshold.calibrated

    /// Records `seconds` of readings counted from the first one that counts (nil: until a release,
    /// a signal or the memory limit), with `others` consuming the same session, after the same
    /// calibration stage (from `calibrations`, the station's book), beside it.
    static func run(
        runner: SessionRunner,
        calibrations: CalibrationBook,
        seconds: Double?,
        untilRelease: Bool,
        tags: SessionTags,
        unit: ForceUnit,
        others: [any LinkConsumer<CalibratedReport>] = [],
        onEvent: @escaping (LiveRecording.Event) -> Void = { _ in }
    ) throws -> Recording {
        let driver = runner.driver
        let recording = LiveRecording(
            seconds: seconds,
            untilRelease: untilRelease,
            tags: tags,
            unit: unit,
            wallTime: runner.wallClock,
            startingAt: runner.clock.now(),
            onEvent: onEvent
        )
        let stage = CalibrationLookup.stage(for: runner.connection, calibrations: calibrations)
        driver.consumers = [CalibratedSession(stage: stage, consumers: [recording] + others)]
        defer { driver.consumers = [] }
        let reason = try runner.run(seconds: nil) { _, _ in true }
        if let failure = recording.lookupFailure { throw failure }
        let link = LinkFacts(driver.machine, portOpen: driver.openPortPath != nil)
        guard let session = recording.finish(at: runner.clock.now(), link: link) else {
            if case .signal(let number) = reason {
                throw CLIFailure.interrupted(by: number, "no reading had arrived yet, so nothing was recorded.")
            }
            throw CLIFailure(
                "No readings arrived, so nothing was recorded. Is the GripFit on and streaming? Try `gripfit-serial monitor`.",
                status: .unavailable
            )
        }
        let stop: Stop =
            switch (reason, recording.stop) {
            case (.signal(let number), _): .signal(number)
            case (_, .duration): .duration
            case (_, .released): .released
            case (_, .full): .full
            }
        return Recording(session: session, stop: stop)
    }
}
