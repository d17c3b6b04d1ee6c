import GripFitCore
import GripFitLive
import GripFitOutput
import GripFitRecords
import GripFitStore

/// Human-readable summaries for `record` and `show`. Stored text (device, firmware, label) is
/// as the device or an import file sent it, so it is escaped for the terminal here, once.
enum SessionText {
    static func oneLine(_ session: StoredSession, id: Int64?, display: ForceDisplay) -> String {
        let summary = session.summary
        let calibrated = session.calibration != nil
        // The mean is over the reps: with none there is no mean to give, and 0 would read as one.
        // Named as such, so a guided attempt's "mean" is not read as the protocol's mean of trials.
        let reps =
            summary.reps.isEmpty
            ? ["no reps (nothing above \(display.text(stored: summary.threshold, calibrated: calibrated)))"]
            : [
                (summary.reps.count == 1 ? "mean inside the squeeze " : "mean inside the reps ")
                    + display.text(stored: summary.mean, calibrated: calibrated),
                "\(summary.reps.count) rep\(summary.reps.count == 1 ? "" : "s")",
            ]
        var parts =
            [id.map { "session \($0)" } ?? "session", "peak \(display.text(stored: summary.peak, calibrated: calibrated))"]
            + reps + ["\(summary.duration.formatted(decimals: 1)) s"]
        if summary.gapCount > 0 { parts.append("\(summary.gapCount) link gap\(summary.gapCount == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }

    /// `later` is the device's calibration when the session had none of its own (see ``HistoryEntry/presented(_:calibrations:)``).
    static func details(_ session: StoredSession, display: ForceDisplay, later: StoredCalibration? = nil) -> [String] {
        let summary = session.summary
        let calibrated = session.calibration != nil
        func force(_ value: Double) -> String { display.text(stored: value, calibrated: calibrated) }
        let rateUnit = calibrated ? "\(display.unit.rawValue)/s" : "raw/s"
        let impulseUnit = calibrated ? "\(display.unit.rawValue)·s" : "raw·s"
        var lines = [
            "session      \(session.id.map(String.init) ?? "-")" + (session.name.map { " (\($0))" } ?? ""),
            "started      \(LocalTime.text(milliseconds: session.startedAtMilliseconds))",
            "device       \(DeviceText(session.device).terminal)"
                + (session.firmware.map { ", firmware \(DeviceText($0).terminal)" } ?? "")
                + (session.bridgeVersion.map { ", bridge \(DeviceText($0).terminal)" } ?? ""),
            "hand         \(session.hand?.rawValue ?? "-")",
            "label        \(session.label.map(UntrustedText.escaped) ?? "-")",
        ]
        if let protocolName = session.protocolName {
            lines.append("protocol     \(UntrustedText.escaped(protocolName))" + (session.trial.map { ", trial \($0)" } ?? ""))
        }
        for field in TagField.all {
            if let text = field.text(session.tags) { lines.append(pad(field.label, 13) + UntrustedText.escaped(text)) }
        }
        if let station = session.station { lines.append("station      \(UntrustedText.escaped(station))") }
        if let later {
            lines.append(
                "calibration  none when recorded; shown with this device's calibration of \(later.date): "
                    + "\(later.countsPerKilogram.formatted(decimals: 1)) counts/kg"
            )
        } else if let calibration = session.calibration {
            lines.append(
                "calibration  \(calibration.countsPerKilogram.formatted(decimals: 1)) counts/kg, offset "
                    + "\(calibration.offset.formatted(decimals: 0)), made \(UntrustedText.escaped(calibration.date))"
            )
        } else {
            lines.append("calibration  none: values are raw counts above the session's lowest reading")
        }
        lines += [
            "peak         \(force(summary.peak)) at \(summary.peakTime.formatted(decimals: 2)) s",
            summary.reps.isEmpty
                ? "mean         none: no reps (nothing above \(force(summary.threshold)))"
                : "mean         \(force(summary.mean)) (inside reps)",
            "duration     \(summary.duration.formatted(decimals: 2)) s, active \(summary.activeDuration.formatted(decimals: 2)) s",
            "time to peak \(summary.timeToPeak.formatted(decimals: 2)) s",
            "peak RFD     \(display.convert(stored: summary.peakRFD, calibrated: calibrated).formatted(decimals: 1)) "
                + "\(rateUnit) (100 ms window)",
            "impulse      \(display.convert(stored: summary.impulse, calibrated: calibrated).formatted(decimals: 2)) \(impulseUnit)",
        ]
        for field in SummaryField.all where field.isExtra {
            let value = field.value(summary)
            let converted = display.convert(stored: value, calibrated: calibrated).formatted(decimals: field.decimals)
            let text =
                switch field.kind {
                case .force: force(value)
                case .rate: "\(converted) \(rateUnit)"
                case .impulse: "\(converted) \(impulseUnit)"
                case .seconds: "\(value.formatted(decimals: field.decimals)) s"
                case .count: String(Int(value))
                }
            lines.append(pad(field.label, 13) + text)
        }
        lines += [
            "readings     \(summary.sampleCount)"
                + (summary.gapCount > 0
                    ? ", \(summary.gapCount) link gaps (\(summary.gapDuration.formatted(decimals: 1)) s, not interpolated)" : ""),
            "",
            "rep  start s  duration s  peak          impulse",
        ]
        for (index, rep) in summary.reps.enumerated() {
            let impulse = display.convert(stored: rep.impulse, calibrated: calibrated).formatted(decimals: 2)
            lines.append(
                pad(String(index + 1), 5) + pad(rep.start.formatted(decimals: 2), 9) + pad(rep.duration.formatted(decimals: 2), 12)
                    + pad(force(rep.peak), 14) + impulse + " \(impulseUnit)" + (rep.interrupted ? "  (cut short)" : "")
            )
        }
        if summary.reps.isEmpty { lines.append("(no squeeze above \(force(summary.threshold)))") }
        return lines
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
