import GripFitCore
import Testing

struct SessionRecorderTests {
    private func at(_ milliseconds: Int) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: 5_000_000_000 + Int64(milliseconds) * 1_000_000)
    }

    @Test func keepsReadingsWithTimesAndDeviceDetails() throws {
        var recorder = SessionRecorder(start: at(0), calibration: nil)
        let address = try #require(BLEAddress("C0:FF:EE:12:34:56"))
        _ = recorder.record(.state(.connected), at: at(0))
        _ = recorder.record(.message(.bridge(.connected(address))), at: at(0))
        _ = recorder.record(.message(.device(DeviceInfo(name: "GRIPFIT", firmware: "1.2"))), at: at(10))
        _ = recorder.record(.message(.reading(100)), at: at(100))
        _ = recorder.record(.message(.reading(200)), at: at(200))
        let trace = recorder.finish(at: at(300))
        #expect(trace.samples == [RawSample(micros: 100_000, raw: 100), RawSample(micros: 200_000, raw: 200)])
        #expect(trace.gaps.isEmpty)
        #expect(recorder.firmware == "1.2")
        #expect(recorder.deviceAddress == address)
    }

    @Test func marksLinkLossAsAGap() {
        var recorder = SessionRecorder(start: at(0), calibration: nil)
        _ = recorder.record(.state(.scanning), at: at(0))
        _ = recorder.record(.message(.reading(1)), at: at(100))
        _ = recorder.record(.state(.disconnected), at: at(250))
        _ = recorder.record(.state(.scanning), at: at(300))
        _ = recorder.record(.state(.connected), at: at(900))
        _ = recorder.record(.message(.reading(2)), at: at(1_000))
        _ = recorder.record(.state(.error(.deviceNotFound)), at: at(1_100))
        let trace = recorder.finish(at: at(2_000))
        #expect(
            trace.gaps == [
                TraceGap(startMicros: 250_000, endMicros: 900_000),
                TraceGap(startMicros: 1_100_000, endMicros: 2_000_000),
            ]
        )
    }

    @Test func marksReadingsTheBridgeLostAsAGapBetweenTheReadingsAroundThem() {
        var recorder = SessionRecorder(start: at(0), calibration: nil)
        _ = recorder.record(.state(.connected), at: at(0))
        _ = recorder.record(.message(.reading(1)), at: at(100))
        _ = recorder.record(.warning(LinkWarning(.dataLost, raw: Array("B:ERROR,DATA_LOST,14".utf8))), at: at(350))
        _ = recorder.record(.message(.reading(4)), at: at(400))
        _ = recorder.record(.message(.reading(5)), at: at(500))
        let trace = recorder.finish(at: at(600))
        #expect(trace.samples.map(\.raw) == [1, 4, 5])
        #expect(trace.gaps == [TraceGap(startMicros: 100_000, endMicros: 400_000)])
    }

    @Test func reportsTheRelease() {
        let calibration = Calibration(offset: 1_000, countsPerKilogram: 100)
        var recorder = SessionRecorder(start: at(0), calibration: calibration, releaseThreshold: 5)
        var events: [SessionRecorder.Event] = []
        for (step, kilograms) in [0.0, 2, 8, 12, 8, 3, 1].enumerated() {
            let raw = Int32(1_000 + kilograms * 100)
            if let event = recorder.record(.message(.reading(raw)), at: at(step * 100)) { events.append(event) }
        }
        #expect(events.count == 1)
        guard case .released(let rep) = events.first else {
            Issue.record("no release")
            return
        }
        #expect(rep.peak == 12)
    }

    @Test func staysBounded() {
        var recorder = SessionRecorder(start: at(0), calibration: nil, capacity: 3)
        #expect(recorder.record(.message(.reading(1)), at: at(1)) == nil)
        #expect(recorder.record(.message(.reading(2)), at: at(2)) == nil)
        #expect(recorder.record(.message(.reading(3)), at: at(3)) == .full)
        #expect(recorder.record(.message(.reading(4)), at: at(4)) == .full)
        #expect(recorder.trace.samples.count == 3)
    }

    @Test func withoutCalibrationTheFirstReadingIsZero() {
        var recorder = SessionRecorder(start: at(0), calibration: nil, releaseThreshold: 40_000)
        var events: [SessionRecorder.Event] = []
        for (step, raw) in [834_000, 834_100, 900_000, 1_400_000, 840_000].enumerated() {
            if let event = recorder.record(.message(.reading(Int32(raw))), at: at(step * 100)) { events.append(event) }
        }
        guard case .released(let rep) = events.first else {
            Issue.record("no release")
            return
        }
        #expect(rep.peak == 566_000)
    }
}
