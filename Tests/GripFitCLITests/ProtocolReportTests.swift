@testable import GripFitCLI
import GripFitCore
import GripFitStore
import Testing

struct ProtocolReportTests {
    private func attempt(
        _ index: Int, _ side: GuidedProtocol.Side, peak: Double, attempt: Int = 1, flag: GuidedProtocol.Flag? = nil
    ) -> GuidedProtocol.Attempt {
        GuidedProtocol.Attempt(
            trial: GuidedProtocol.Trial(index: index, count: 6, side: side, number: (index + 1) / 2), attempt: attempt,
            peak: peak, flag: flag, started: .zero, ended: .zero)
    }

    private var calibrated: ForceDisplay {
        ForceDisplay(
            calibration: StoredCalibration(
                device: "ble:C0:FF:EE:00:00:01", calibration: Calibration(offset: 0, countsPerKilogram: 20_000),
                date: "2026-11-22T00:00:00Z", massKilograms: 10),
            unit: .kilograms)
    }

    @Test func namesTheTrialsBehindBestAndMean() {
        let summary = GuidedProtocol.Summary(attempts: [
            attempt(1, .right, peak: 40), attempt(2, .left, peak: 36), attempt(3, .right, peak: 42),
            attempt(4, .left, peak: 50, flag: .earlyStart(force: 20)), attempt(4, .left, peak: 37.8, attempt: 2),
            attempt(5, .right, peak: 41), attempt(6, .left, peak: 35),
        ])
        let lines = ProtocolReport.lines(summary, display: calibrated)
        #expect(lines.contains("right  42.00 kg (trial 3)        41.00 kg (trials 1, 3, 5)"))
        #expect(lines.contains("left   37.80 kg (trial 4)        36.27 kg (trials 2, 4, 6)"))
        #expect(lines.contains("flagged, not counted: trial 4 attempt 1 (squeeze began before the cue)"))
        #expect(lines.last == "left/right difference: 10.0 % (right stronger, relative to the stronger hand's best)")
    }

    @Test func oneHandHasNoDifferenceAndMissedTrialsAreNamed() {
        let summary = GuidedProtocol.Summary(attempts: [
            attempt(1, .right, peak: 0, flag: .noSqueeze), attempt(2, .left, peak: 600_000),
        ])
        let lines = ProtocolReport.lines(summary, display: ForceDisplay(calibration: nil, unit: .kilograms))
        #expect(lines.contains("left   600000 raw (trial 2)      600000 raw (trial 2)"))
        #expect(lines.contains("no counted attempt for trial 1"))
        #expect(!lines.contains { $0.contains("difference") })
    }
}
