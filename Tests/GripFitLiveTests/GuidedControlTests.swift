import Foundation
import GripFitCore
import GripFitLive
import GripFitOutput
import GripFitRecords
import Testing

/// ``GuidedControl`` behind a ``CalibratedSession``, fed reports and instants by hand: its steps
/// published in order, each ended attempt saved, the finished run published only to the pages open
/// now (not retained), and an attempt that cannot be saved stopping the run, never the session.
struct GuidedControlTests {
    /// What the run handed out: saved sessions, warnings and the `guided` events with their `finished` flag.
    final class Sink {
        var saved: [StoredSession] = []
        var warnings: [String] = []
        var events: [(phase: String, finished: Bool)] = []
        var failSaves = false

        func save(_ session: StoredSession) -> String? {
            if failSaves { return "disk full" }
            saved.append(session)
            return nil
        }

        func publish(_ event: JSONObject, finished: Bool) {
            let object = try? JSONSerialization.jsonObject(with: Data(event.text.utf8)) as? [String: Any]
            events.append((object?["phase"] as? String ?? "?", finished))
        }
    }

    static let still = [Int32](repeating: 1_000, count: 12)
    static let squeeze: [Int32] = [5_000, 60_000, 200_000, 450_000, 600_000, 590_000, 400_000, 100_000, 20_000, 2_000, 1_000]
    static let display = ForceDisplay(calibration: nil, unit: .kilograms)

    /// The dashboard's `guided` object reduced to what these tests read: the phase (as the state
    /// machine names it, `finished` once stopped) and the error.
    static func describe(
        _ machine: GuidedProtocol,
        _ display: ForceDisplay,
        _ label: String?,
        _ now: MonotonicInstant,
        _ time: String,
        _ stopped: Bool,
        _ error: String?
    ) -> JSONObject {
        var object = JSONObject()
        object.set("phase", stopped ? "finished" : "\(machine.phase)".prefix { $0 != "(" }.description)
        if let error { object.set("error", error) }
        return object
    }

    func control(_ sink: Sink) -> GuidedControl {
        GuidedControl(
            unit: .kilograms,
            wallTime: FixedWallTime(),
            describe: Self.describe,
            save: sink.save,
            warn: { sink.warnings.append($0) },
            publish: sink.publish
        )
    }

    /// Starts a one-trial-per-hand run and feeds `raws` 100 ms apart through the one calibration
    /// stage, ticking at its deadlines; no action reaches the driver.
    func run(_ raws: [Int32], _ guided: GuidedControl) -> MonotonicInstant {
        let session = CalibratedSession(
            stage: LiveCalibration(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in nil },
            consumers: [guided]
        )
        let settings = GuidedRun.settings(trials: 1, first: .left, rest: 0, trialLimit: 5)
        var now = MonotonicInstant(nanoseconds: 1_000_000_000)
        _ = guided.start(settings: settings, label: "visit 3", display: Self.display, at: now)
        let link = LinkFacts(firmware: "1.0", portOpen: true)
        var actions: [ConsumerAction] = []
        for report in [LinkReport.state(.connected)] + raws.map({ .message(.reading($0)) }) {
            now = now + .milliseconds(100)
            while let due = session.nextDeadline, due <= now {
                session.tick(at: due, link: link, into: &actions)
            }
            session.handle(report, at: now, link: link, into: &actions)
        }
        #expect(actions.isEmpty, "the page's run never stops the dashboard's session")
        return now
    }

    @Test func eachHandIsCuedAndSavedAndOnlyTheEndGoesUnretained() {
        let sink = Sink()
        let guided = control(sink)
        _ = run(Self.still + Self.squeeze + Self.still + Self.squeeze + Self.still, guided)
        #expect(sink.saved.map(\.hand) == [.left, .right])
        #expect(sink.saved.allSatisfy { $0.protocolName == GuidedRun.protocolName && $0.label == "visit 3" && $0.device == "usb:A1" })
        #expect(sink.events.first?.phase == "idle")
        #expect(sink.events.contains { $0.phase == "squeezing" })
        #expect(sink.events.last?.phase == "finished")
        #expect(sink.events.filter(\.finished).count == 1, "only the end goes to the pages open now")
        #expect(sink.events.last?.finished == true)
        #expect(!guided.isBusy)
        #expect(sink.warnings.isEmpty)
    }

    @Test func anAttemptThatCannotBeSavedStopsTheRun() throws {
        let sink = Sink()
        sink.failSaves = true
        let guided = control(sink)
        _ = run(Self.still + Self.squeeze + Self.still, guided)
        #expect(sink.saved.isEmpty)
        #expect(sink.warnings.count == 1)
        #expect(sink.events.last?.phase == "finished" && sink.events.last?.finished == true)
        let last = try #require(guided.event)
        #expect(last.text.contains("disk full"))
        #expect(!guided.isBusy)
    }

    @Test func aStopBeforeTheFirstReadingEndsTheRequest() throws {
        let sink = Sink()
        let guided = control(sink)
        let now = MonotonicInstant(nanoseconds: 1_000_000_000)
        _ = guided.start(
            settings: GuidedRun.settings(trials: 1, first: .left, rest: 0, trialLimit: 5),
            label: nil,
            display: Self.display,
            at: now
        )
        #expect(guided.isBusy)
        let result = guided.stop(at: now, display: Self.display, link: LinkFacts())
        let stopped = try #require(result)
        #expect(stopped.text == #"{"phase":"finished"}"#)
        #expect(sink.events.map(\.finished) == [false, true])
        #expect(!guided.isBusy)
        let again = guided.stop(at: now, display: Self.display, link: LinkFacts())
        #expect(again == nil, "nothing left to stop")
    }
}
