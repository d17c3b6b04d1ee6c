import GripFitCore
import GripFitStore

/// Best and mean per hand, naming the trials behind them, and the left/right difference, as grip
/// assessments report them. Flagged attempts never count; trials left without a counted attempt are named.
enum ProtocolReport {
    static func lines(_ summary: GuidedProtocol.Summary, display: ForceDisplay) -> [String] {
        func text(_ value: Double) -> String { display.text(stored: value, calibrated: display.isCalibrated) }
        func trials(_ attempts: [GuidedProtocol.Attempt]) -> String {
            attempts.map { String($0.trial.index) }.joined(separator: ", ")
        }
        var lines = ["", "hand   best                      mean"]
        for side in [GuidedProtocol.Side.left, .right] {
            guard let best = summary.best(side), let peak = best.peak, let mean = summary.mean(side) else { continue }
            let counted = summary.counted(side)
            lines.append(
                SessionText.pad(side.rawValue, 7) + SessionText.pad("\(text(peak)) (trial \(best.trial.index))", 26)
                    + "\(text(mean)) (trial\(counted.count == 1 ? "" : "s") \(trials(counted)))")
        }
        if lines.count == 2 { lines.append("no trial counted") }
        let flagged = summary.attempts.filter { $0.flag != nil }
        if !flagged.isEmpty {
            lines.append(
                "flagged, not counted: "
                    + flagged.map { "trial \($0.trial.index) attempt \($0.attempt) (\($0.flag.map(String.init(describing:)) ?? ""))" }
                    .joined(separator: "; "))
        }
        let missed = summary.missed
        if !missed.isEmpty {
            lines.append("no counted attempt for trial\(missed.count == 1 ? "" : "s") \(missed.map { String($0.index) }.joined(separator: ", "))")
        }
        if let difference = summary.difference {
            lines.append(
                "left/right difference: \(difference.percent.formatted(decimals: 1)) % "
                    + "(\(difference.stronger.rawValue) stronger, relative to the stronger hand's best)")
        }
        return lines
    }
}
