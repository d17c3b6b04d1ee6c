import GripFitCore
import GripFitOutput
import GripFitRecords

/// `history --format csv`'s columns (``CSVRowsEncoder`` writes them): force columns in `display`'s
/// unit; an uncalibrated session's force columns are empty, its peak in `peak_raw`.
enum HistoryCSV {
    static func header(unit: ForceUnit) -> [String] {
        let u = unit.rawValue
        return [
            "id", "start", "device", "firmware", "bridge", "hand", "label", "protocol", "trial", "unit", "peak_\(u)", "mean_\(u)",
            "time_to_peak_s", "peak_rfd_\(u)_per_s", "impulse_\(u)_s", "reps", "duration_s", "calibration", "peak_raw",
        ] + SummaryField.all.filter(\.isExtra).map { $0.key + suffix($0.kind, unit: u) } + TagField.all.map(\.key) + ["station"]
    }

    /// A column's unit, as the header names it.
    private static func suffix(_ kind: SummaryField.Kind, unit: String) -> String {
        switch kind {
        case .force: "_\(unit)"
        case .rate: "_\(unit)_per_s"
        case .impulse: "_\(unit)_s"
        case .seconds: "_s"
        case .count: ""
        }
    }

    static func fields(_ entry: HistoryEntry, display: ForceDisplay) -> [String] {
        let row = entry.row
        let summary = row.summary
        func force(_ value: Double) -> String {
            row.calibrated ? display.convert(stored: value, calibrated: true).formatted(decimals: 3) : ""
        }
        let extras = SummaryField.all.filter(\.isExtra).map { field in
            let value = field.value(summary)
            return switch field.kind {
            case .force, .rate, .impulse: force(value)
            case .seconds: value.formatted(decimals: 3)
            case .count: String(Int(value))
            }
        }
        return [
            String(row.id), Timestamp.rfc3339(milliseconds: row.startedAtMilliseconds), CSVLine.text(row.device),
            DeviceText(row.firmware ?? "").csv, DeviceText(row.bridgeVersion ?? "").csv, row.hand?.rawValue ?? "",
            CSVLine.text(row.label ?? ""), CSVLine.text(row.protocolName ?? ""),
            row.trial.map(String.init) ?? "", row.calibrated ? display.unit.rawValue : "raw", force(summary.peak), force(summary.mean),
            summary.timeToPeak.formatted(decimals: 3), force(summary.peakRFD), force(summary.impulse), String(row.repCount),
            summary.duration.formatted(decimals: 3), entry.calibrationSource, row.calibrated ? "" : summary.peak.formatted(decimals: 0),
        ] + extras + TagField.all.map { CSVLine.text($0.text(row.tags) ?? "") } + [CSVLine.text(row.station ?? "")]
    }
}
