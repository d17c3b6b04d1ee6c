import GripFitCore
import GripFitRecords
import Testing

@testable import GripFitLive

struct ForcePlotTests {
    @Test func ticksAreRoundAndCoverTheRange() {
        #expect(ForcePlot.ticks(upTo: 10) == [0, 2, 4, 6, 8, 10])
        #expect(ForcePlot.ticks(upTo: 43.2) == [0, 10, 20, 30, 40, 50])
        #expect(ForcePlot.ticks(upTo: 0) == [0, 1])
    }

    @Test func marksPeakRepsGapsAndAxes() {
        let samples = (0..<40).map { step in
            RawSample(micros: Int64(step) * 100_000, raw: Int32(1_000 + (step >= 10 && step < 20 ? 30 * 20_000 : 0)))
        }
        let calibration = StoredCalibration(
            device: "ble:C0:FF:EE:00:00:01",
            calibration: Calibration(offset: 1_000, countsPerKilogram: 20_000),
            date: "2026-11-22T04:00:00.000Z",
            massKilograms: 10
        )
        let session = StoredSession.analysed(
            device: "ble:C0:FF:EE:00:00:01",
            startedAtMilliseconds: 0,
            firmware: "1.0",
            label: "<script>",
            hand: .left,
            calibration: calibration,
            trace: RawTrace(samples: samples, gaps: [TraceGap(startMicros: 3_050_000, endMicros: 3_500_000)])
        )
        let svg = ForcePlot().svg(session, display: ForceDisplay(calibration: calibration, unit: .pounds))
        #expect(svg.contains("Force (lb)"))
        #expect(svg.contains("Time (s)"))
        #expect(svg.contains("peak 66.14 lb"))
        #expect(svg.contains(">rep 1<"))
        #expect(svg.contains(">link lost<"))
        #expect(svg.contains("&lt;script&gt;"))
        #expect(!svg.contains("<script>"))
    }

    /// An hour of squeezes at 50 Hz: rep labels do not overprint, and the line is thinned to the
    /// plot's pixels rather than one point a reading.
    @Test func aLongSessionStaysReadableAndSmall() {
        let samples = (0..<180_000).map { step in
            RawSample(micros: Int64(step) * 20_000, raw: Int32(step % 500 < 150 ? 600_000 : 1_000))
        }
        let session = StoredSession.analysed(
            device: "ble:C0:FF:EE:00:00:01",
            startedAtMilliseconds: 0,
            firmware: "1.0",
            label: nil,
            hand: nil,
            calibration: nil,
            trace: RawTrace(samples: samples, gaps: [])
        )
        #expect(session.summary.reps.count == 360)
        let svg = ForcePlot().svg(session, display: ForceDisplay(calibration: nil, unit: .kilograms))
        let labels = svg.components(separatedBy: ">rep ").count - 1
        #expect(labels >= 10 && labels <= 18)
        #expect(svg.contains(">rep 1<"))
        #expect(svg.utf8.count < 400_000)
    }
}
