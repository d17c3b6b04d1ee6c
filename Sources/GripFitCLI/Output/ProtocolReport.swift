import GripFitCore
import GripFitLive
import GripFitOutput
import GripFitRecords
import GripFitStore

/// Best and mean per hand, naming the trials behind them, and the left/right difference, as grip
/// assessments report them. Flagged attempts never count; trials left without a counted attempt are named.
/// Trials are numbered per hand (left trial 1, 2, 3), as the saved sessions number them.
enum ProtocolReport {
    /// The report, each line at most `width` columns (the terminal's, 80 off a terminal): a longer
    /// line is wrapped at a space and continued indented. Without `difference` when the saved
    /// assessment's figures follow (``AssessmentText/clinical(_:unit:width:bestAndMeanShown:)``), which give it.
    static func lines(_ summary: GuidedProtocol.Summary, display: ForceDisplay, width: Int, difference: Bool = true) -> [String] {
        func text(_ value: Double) -> String { display.text(stored: value, calibrated: display.isCalibrated) }
        func trials(_ attempts: [GuidedProtocol.Attempt]) -> String {
            attempts.map { String($0.trial.number) }.joined(separator: ", ")
        }
        func name(_ trial: GuidedProtocol.Trial) -> String { "\(trial.side.rawValue) trial \(trial.number)" }
        var lines = ["", "hand   best                      mean"]
        for side in [Hand.left, .right] {
            guard let best = summary.best(side), let peak = best.peak, let mean = summary.mean(side) else { continue }
            let counted = summary.counted(side)
            lines.append(
                SessionText.pad(side.rawValue, 7) + SessionText.pad("\(text(peak)) (trial \(best.trial.number))", 26)
                    + "\(text(mean)) (trial\(counted.count == 1 ? "" : "s") \(trials(counted)))"
            )
        }
        if lines.count == 2 { lines.append("no trial counted") }
        let flagged = summary.attempts.filter { $0.flag != nil }
        if !flagged.isEmpty {
            lines.append(
                "flagged, not counted: "
                    + flagged.map { "\(name($0.trial)) attempt \($0.attempt) (\($0.flag.map(String.init(describing:)) ?? ""))" }
                    .joined(separator: "; ")
            )
        }
        let missed = summary.missed
        if !missed.isEmpty {
            lines.append("no counted attempt for \(missed.map(name).joined(separator: ", "))")
        }
        if difference, let difference = summary.difference {
            lines.append(
                "left/right difference: \(difference.percent.formatted(decimals: 1)) % "
                    + "(\(difference.stronger.rawValue) stronger, relative to the stronger hand's best)"
            )
        }
        return lines.flatMap { WordWrap.lines($0, width: width) }
    }
}
