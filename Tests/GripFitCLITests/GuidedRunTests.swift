import GripFitCore
import GripFitLinux
import GripFitLive
import GripFitOutput
import GripFitRecords
import GripFitStore
import Testing

@testable import GripFitCLI

/// ``GuidedRun`` fed session reports on a fake clock (readings every 100 ms), as both front ends feed it.
struct GuidedRunTests {
    private struct Feed {
        var run: GuidedRun
        /// The session's one stage, deciding at the first reading, with the display's calibration.
        var stage: CalibrationLookup.Stage
        var now = MonotonicInstant(nanoseconds: 1_000_000_000)
        var steps: [GuidedRun.Step] = []

        init(display: ForceDisplay, rest: Double = 0) {
            let calibration = display.calibration
            stage = CalibrationLookup.Stage(fallbackKey: "port:/dev/null", gate: IdentityGate(wait: .zero)) { _ in calibration }
            run = GuidedRun(
                settings: GuidedRun.settings(trials: 1, first: .left, rest: rest, trialLimit: 5),
                display: display,
                device: "ble:C0:FF:EE:00:00:01",
                label: "visit 3",
                wallClock: WallClock()
            )
            steps += run.start(at: now)
        }

        mutating func feed(_ raws: [Int32]) {
            for raw in raws {
                now = now + .milliseconds(100)
                while let deadline = run.nextDeadline, deadline <= now {
                    steps += run.tick(at: deadline, firmware: "1.0", bridgeVersion: nil)
                }
                let report = LinkReport.message(.reading(raw))
                _ = stage.handle(report, at: now, link: LinkFacts())
                steps += run.handle(report, at: now, stage: stage, firmware: "1.0", bridgeVersion: nil)
            }
        }

        var sessions: [StoredSession] { steps.compactMap(\.session) }
    }

    private static let still = [Int32](repeating: 1_000, count: 12)
    /// Counts above a resting level of 1000, peaking at 600000.
    private static let squeeze: [Int32] = [5_000, 60_000, 200_000, 450_000, 600_000, 590_000, 400_000, 100_000, 20_000, 2_000, 1_000]

    @Test func eachAttemptIsRecordedFromItsCueAndSavedWithItsTrialAndHand() throws {
        var feed = Feed(display: ForceDisplay(calibration: nil, unit: .kilograms))
        feed.feed(Self.still + Self.squeeze + Self.still + Self.squeeze)
        let sessions = feed.sessions
        #expect(sessions.count == 2)
        #expect(sessions.map(\.hand) == [.left, .right])
        #expect(sessions.allSatisfy { $0.protocolName == "standard" && $0.trial == 1 && $0.label == "visit 3" })
        #expect(sessions.allSatisfy { $0.device == "ble:C0:FF:EE:00:00:01" && $0.firmware == "1.0" && $0.calibration == nil })
        // The trace opens at the still reading of the cue, so the squeeze rises inside it.
        let first = try #require(sessions.first)
        #expect(first.trace.samples.first?.raw == 1_000)
        #expect(first.summary.peak >= 599_000)
        guard case .finished(let summary) = try #require(feed.steps.last?.action) else {
            Issue.record("not finished: \(feed.steps.map(\.action))")
            return
        }
        #expect(summary.best(.left)?.peak == 599_000, "measured from the resting level")
    }

    @Test func stoppingMidSqueezeSavesTheAttemptFlagged() throws {
        var feed = Feed(display: ForceDisplay(calibration: nil, unit: .kilograms))
        feed.feed(Self.still + Self.squeeze.prefix(5))
        feed.steps += feed.run.stop(at: feed.now, firmware: "1.0", bridgeVersion: nil)
        let session = try #require(feed.sessions.first)
        #expect(feed.sessions.count == 1)
        #expect(session.label == "visit 3; flagged: cut short: stopped")
        #expect(feed.run.machine.phase == .finished)
    }

    @Test func aCalibratedRunIsInKilogramsAboveTheZero() throws {
        let calibration = StoredCalibration(
            device: "ble:C0:FF:EE:00:00:01",
            calibration: Calibration(offset: 0, countsPerKilogram: 20_000),
            date: "2026-11-22T00:00:00Z",
            massKilograms: 10
        )
        var feed = Feed(display: ForceDisplay(calibration: calibration, unit: .pounds))
        #expect(feed.run.machine.settings.zero == 0)
        #expect(feed.run.machine.settings.threshold == Recording.calibratedReleaseThreshold)
        feed.feed(Self.still + Self.squeeze)
        let attempt = try #require(feed.run.machine.attempts.first)
        #expect(abs((attempt.peak ?? 0) - 30) < 1e-9, "600000 counts at 20000 per kg")
        #expect(feed.sessions.first?.calibration?.countsPerKilogram == 20_000)
        let event = GuidedJSON.event(
            feed.run.machine,
            display: feed.run.display,
            label: nil,
            at: feed.now,
            time: "t",
            stopped: false
        ).text
        #expect(event.contains(#""phase":"rest""#) || event.contains(#""phase":"settle""#), "\(event)")
        #expect(event.contains(#""unit":"lb""#))
        #expect(event.contains(#""peak":66.139"#), "30 kg in pounds: \(event)")
    }
}
