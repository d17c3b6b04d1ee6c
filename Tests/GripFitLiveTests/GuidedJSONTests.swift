import Foundation
import GripFitCore
import GripFitLive
import GripFitOutput
import GripFitRecords
import Testing

struct GuidedJSONTests {
    /// Two trials per hand from the right, each a still handle then a squeeze (kilograms above a known zero).
    private func machine(stopDuringTheLast: Bool, trials: Int = 4) -> (GuidedProtocol, MonotonicInstant) {
        var settings = GuidedProtocol.Settings(threshold: 2, zero: 0)
        settings.trialsPerHand = 2
        settings.rest = .zero
        var machine = GuidedProtocol(settings: settings)
        var now = MonotonicInstant.zero
        _ = machine.handle(.start, now: now)
        let still = [Double](repeating: 0.1, count: 12)
        // Low readings first: a squeeze within the reaction time of the cue would be flagged.
        let squeeze: [Double] = [0.2, 0.2, 0.2, 0.5, 3, 10, 20, 30, 20, 10, 0.3]
        for trial in 1...trials {
            let readings =
                trial == 4 && stopDuringTheLast
                ? still + squeeze.prefix(6) : still + squeeze.map { $0 * (1 + Double(trial) / 10) }
            for value in readings {
                now = now + .milliseconds(100)
                _ = machine.handle(.reading(value), now: now)
            }
        }
        if stopDuringTheLast { _ = machine.handle(.stop, now: now) }
        return (machine, now)
    }

    @Test func theSummaryNumbersTrialsPerHandAsSaved() throws {
        let (machine, now) = machine(stopDuringTheLast: true)
        let text = GuidedJSON.event(
            machine,
            display: ForceDisplay(calibration: nil, unit: .kilograms),
            label: nil,
            at: now,
            time: "t",
            stopped: true
        ).text
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any], "\(text)")
        let hands = try #require(summary["hands"] as? [String: Any], "\(text)")
        let right = try #require(hands["right"] as? [String: Any], "\(text)")
        let left = try #require(hands["left"] as? [String: Any], "\(text)")
        // The run's trials 1 and 3 are the right hand's 1 and 2; trial 4 (left 2) was stopped.
        #expect(right["trials"] as? [Int] == [1, 2] && right["best_trial"] as? Int == 2, "\(text)")
        #expect(left["trials"] as? [Int] == [1] && left["best_trial"] as? Int == 1, "\(text)")
        let missed = try #require(summary["missed"] as? [[String: Any]], "\(text)")
        #expect(missed.count == 1 && missed[0]["hand"] as? String == "left" && missed[0]["trial"] as? Int == 2, "\(text)")
    }

    /// The run's fourth trial is the left hand's second: every object numbers it so ("trial 2 of 2,
    /// left hand"), as the CLI's cues and the saved sessions do, never 4 of 4 (issue 33).
    @Test func trialsAreNumberedPerHandWhileTheRunIsOn() throws {
        var (run, now) = machine(stopDuringTheLast: false, trials: 3)
        for _ in 0..<12 {
            now = now + .milliseconds(100)
            _ = run.handle(.reading(0.1), now: now)
        }
        let text = GuidedJSON.event(run, display: ForceDisplay(calibration: nil, unit: .kilograms), label: nil, at: now, time: "t").text
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["hand"] as? String == "left", "\(text)")
        #expect(object["trial"] as? Int == 2 && object["trials"] as? Int == 2 && object["hand_trial"] as? Int == 2, "\(text)")
        let attempts = try #require(object["attempts"] as? [[String: Any]], "\(text)")
        #expect(attempts.map { $0["trial"] as? Int } == [1, 1, 2], "\(text)")
        #expect(attempts.map { $0["hand"] as? String } == ["right", "left", "right"], "\(text)")
        #expect(attempts.allSatisfy { $0["trials"] as? Int == 2 }, "\(text)")
    }
}
