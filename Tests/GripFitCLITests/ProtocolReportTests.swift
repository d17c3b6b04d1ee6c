import GripFitCore
import GripFitLive
import GripFitRecords
import GripFitStore
import Testing

@testable import GripFitCLI

struct ProtocolReportTests {
    private func attempt(
        _ index: Int,
        _ side: Hand,
        peak: Double,
        attempt: Int = 1,
        flag: GuidedProtocol.Flag? = nil
    ) -> GuidedProtocol.Attempt {
        GuidedProtocol.Attempt(
            trial: GuidedProtocol.Trial(index: index, count: 6, side: side, number: (index + 1) / 2),
            attempt: attempt,
            peak: peak,
            flag: flag,
            started: .zero,
            ended: .zero
        )
    }

    private var calibrated: ForceDisplay {
        ForceDisplay(
            calibration: StoredCalibration(
                device: "ble:C0:FF:EE:00:00:01",
                calibration: Calibration(offset: 0, countsPerKilogram: 20_000),
                date: "2026-11-22T00:00:00Z",
                massKilograms: 10
            ),
            unit: .kilograms
        )
    }

    @Test func namesTheTrialsBehindBestAndMeanPerHandAsSaved() {
        let summary = GuidedProtocol.Summary(attempts: [
            attempt(1, .right, peak: 40), attempt(2, .left, peak: 36), attempt(3, .right, peak: 42),
            attempt(4, .left, peak: 50, flag: .earlyStart(force: 20)), attempt(4, .left, peak: 37.8, attempt: 2),
            attempt(5, .right, peak: 41), attempt(6, .left, peak: 35),
        ])
        let lines = ProtocolReport.lines(summary, display: calibrated, width: 200)
        // The saved sessions number trials per hand: the third trial of the run is the right hand's second.
        #expect(lines.contains("right  42.00 kg (trial 2)        41.00 kg (trials 1, 2, 3)"), "\(lines)")
        #expect(lines.contains("left   37.80 kg (trial 2)        36.27 kg (trials 1, 2, 3)"), "\(lines)")
        #expect(lines.contains("flagged, not counted: left trial 2 attempt 1 (squeeze began before the cue)"), "\(lines)")
        #expect(lines.last == "left/right difference: 10.0 % (right stronger, relative to the stronger hand's best)")
    }

    @Test func oneHandHasNoDifferenceAndMissedTrialsAreNamedWithTheirHand() {
        let summary = GuidedProtocol.Summary(attempts: [
            attempt(1, .right, peak: 0, flag: .noSqueeze), attempt(2, .left, peak: 600_000),
        ])
        let lines = ProtocolReport.lines(summary, display: ForceDisplay(calibration: nil, unit: .kilograms), width: 80)
        #expect(lines.contains("left   600000 raw (trial 1)      600000 raw (trial 1)"), "\(lines)")
        #expect(lines.contains("no counted attempt for right trial 1"), "\(lines)")
        #expect(!lines.contains { $0.contains("difference") })
    }

    @Test func linesFitTheWidthWrappedAtSpaces() {
        let summary = GuidedProtocol.Summary(attempts: [
            attempt(1, .right, peak: 40), attempt(2, .left, peak: 36, flag: .timeLimit), attempt(2, .left, peak: 30, attempt: 2),
        ])
        let lines = ProtocolReport.lines(summary, display: calibrated, width: 80)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.map(\.count))")
        #expect(lines.suffix(2) == ["left/right difference: 25.0 % (right stronger, relative to the stronger hand's", "  best)"])
        let narrow = ProtocolReport.lines(summary, display: calibrated, width: 40)
        #expect(narrow.allSatisfy { $0.count <= 40 }, "\(narrow)")
        let words = narrow.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(words.contains("flagged, not counted: left trial 1 attempt 1 (cut short by the time limit"), "\(narrow)")
    }

    /// The guided run prints the difference once, with the saved assessment's figures (issue 33).
    @Test func theDifferenceIsLeftToTheAssessmentWhenOneFollows() {
        let summary = GuidedProtocol.Summary(attempts: [attempt(1, .right, peak: 40), attempt(2, .left, peak: 36)])
        let lines = ProtocolReport.lines(summary, display: calibrated, width: 200, difference: false)
        #expect(!lines.contains { $0.contains("difference") }, "\(lines)")
        #expect(lines.contains("right  40.00 kg (trial 1)        40.00 kg (trial 1)"), "\(lines)")
    }
}
