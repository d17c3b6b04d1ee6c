import ConsumerTestSupport
import GripFitCore
import GripFitLive
import GripFitRecords
import Testing

/// ``LiveGuidedRun`` as the driver runs it, on a fake clock: reports in, ticks at its deadlines,
/// attempts handed to `save`, and a stop at the protocol's end or a failed save.
struct LiveGuidedRunTests {
    struct Full: Error {}

    /// What the run handed out: saved sessions and the names of its steps.
    final class Sink {
        var saved: [StoredSession] = []
        var steps: [String] = []
        var notices: [String] = []
        var failSaves = false

        func save(_ session: StoredSession) throws {
            if failSaves { throw Full() }
            saved.append(session)
        }

        func show(_ event: LiveGuidedRun.Event) {
            switch event {
            case .notice(let text): notices.append(text)
            case .uncalibrated(let device): notices.append("uncalibrated \(device)")
            case .step(let step, _): steps.append("\(step.action)".prefix { $0 != "(" }.description)
            case .squeezing, .waiting: break
            }
        }
    }

    static let still = [Int32](repeating: 1_000, count: 12)
    static let squeeze: [Int32] = [5_000, 60_000, 200_000, 450_000, 600_000, 590_000, 400_000, 100_000, 20_000, 2_000, 1_000]

    func run(_ raws: [Int32], sink: Sink) -> (LiveGuidedRun, stopped: Bool) {
        let settings = GuidedRun.settings(trials: 1, first: .left, rest: 0, trialLimit: 5)
        let guided = LiveGuidedRun(
            settings: settings,
            label: "visit 3",
            unit: .kilograms,
            wallTime: FixedWallTime(),
            save: sink.save,
            onEvent: sink.show
        )
        let session = CalibratedSession(
            stage: LiveCalibration(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in nil },
            consumers: [guided]
        )
        let harness = ConsumerHarness(session, link: LinkFacts(firmware: "1.0"))
        harness.feed(readings: raws)
        return (guided, harness.stopped)
    }

    @Test func eachHandIsCuedRecordedAndSavedThenTheRunStops() throws {
        let sink = Sink()
        let (guided, stopped) = run(Self.still + Self.squeeze + Self.still + Self.squeeze + Self.still, sink: sink)
        #expect(stopped, "the protocol's end stops the session")
        #expect(sink.saved.map(\.hand) == [.left, .right])
        #expect(sink.saved.allSatisfy { $0.protocolName == GuidedRun.protocolName && $0.label == "visit 3" })
        #expect(sink.saved.allSatisfy { $0.firmware == "1.0" && $0.device == "usb:A1" })
        #expect(sink.steps.filter { $0 == "squeezeNow" }.count == 2)
        #expect(sink.steps.last == "finished")
        #expect(sink.notices.contains("uncalibrated usb:A1"))
        #expect(guided.summary?.best(.left)?.peak == 599_000)
    }

    @Test func anAttemptThatCannotBeSavedStopsTheRun() {
        let sink = Sink()
        sink.failSaves = true
        let (guided, stopped) = run(Self.still + Self.squeeze + Self.still, sink: sink)
        #expect(stopped)
        #expect(guided.failure is Full)
        #expect(sink.saved.isEmpty)
    }

    /// Save, else stop: a failed save ends the run itself, so `record` and the page stop the same way.
    @Test func aFailedSaveEndsTheRunItself() {
        let sink = Sink()
        sink.failSaves = true
        let (guided, _) = run(Self.still + Self.squeeze + Self.still, sink: sink)
        #expect(guided.stopped)
        #expect(guided.run?.machine.phase == .finished)
        #expect(sink.steps.last == "finished")
    }

    @Test func aStopCutsTheAttemptShortAndSavesItFlagged() throws {
        let sink = Sink()
        let (guided, stopped) = run(Self.still + Self.squeeze.prefix(5), sink: sink)
        #expect(!stopped)
        guided.stop(at: MonotonicInstant(nanoseconds: 10_000_000_000), link: LinkFacts())
        let session = try #require(sink.saved.first)
        #expect(session.label == "visit 3; flagged: cut short: stopped")
        #expect(session.tags.flag == "cut short: stopped" && session.tags.attempt == 1)
    }
}
