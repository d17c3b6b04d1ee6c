import GripFitCore
import GripFitOutput
import GripFitRecords

/// `history --format csv`: the column names (force columns in `display`'s unit), then one row per
/// session as it comes; nothing after the last. An uncalibrated session's force columns are empty,
/// its peak in `peak_raw`.
struct HistoryCSVEncoder: ByteEncoder {
    typealias Item = HistoryEntry

    let display: ForceDisplay

    func begin(into bytes: inout [UInt8]) {
        Self.append(header, to: &bytes)
    }

    func add(_ entry: HistoryEntry, into bytes: inout [UInt8]) {
        Self.append(fields(entry), to: &bytes)
    }

    func finish(into bytes: inout [UInt8]) {}

    private static func append(_ fields: [String], to bytes: inout [UInt8]) {
        bytes += CSVLine.join(fields).utf8
        bytes.append(UInt8(ascii: "\n"))
    }

    private var header: [String] {
        let u = display.unit.rawValue
        return [
            "id", "start", "device", "firmware", "bridge", "hand", "label", "protocol", "trial", "unit", "peak_\(u)", "mean_\(u)",
            "time_to_peak_s", "peak_rfd_\(u)_per_s", "impulse_\(u)_s", "reps", "duration_s", "calibration", "peak_raw",
        ] + SummaryField.all.filter(\.isExtra).map { $0.key + Self.suffix($0.kind, unit: u) } + TagField.all.map(\.key) + ["station"]
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

    private func fields(_ entry: HistoryEntry) -> [String] {
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
