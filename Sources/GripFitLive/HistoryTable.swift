import GripFitCore
import GripFitOutput
import GripFitRecords

/// The `history` table, fitted to `width` columns (the terminal's, 80 when not a terminal): each
/// column as wide as its widest cell; when that is still too wide the date loses its seconds,
/// then name (`show` and the JSON carry it), station, mean, duration, reps and hand are dropped in
/// that order, and the label is cut with "…". Id, date and peak always stay; the note on sessions
/// shown with a later calibration is broken between words. Labels come from the user or an import file: escaped.
enum HistoryTable {
    /// A label narrower than this is cut rather than dropping another column for it.
    static let shortestLabel = 12

    static func lines(_ entries: [HistoryEntry], display: ForceDisplay, width: Int) -> [String] {
        /// Each column's width is measured once: the fitting below asks for it again after each column it drops.
        func column(_ title: String, _ cell: (HistoryEntry) -> String) -> (title: String, cells: [String], width: Int) {
            let cells = entries.map(cell)
            return (title, cells, cells.reduce(TerminalText.columns(title)) { max($0, TerminalText.columns($1)) } + 2)
        }
        func marked(_ entry: HistoryEntry) -> String { entry.later == nil ? "" : " *" }
        var columns = [
            column("id") { String($0.row.id) },
            // The name that stays the session's after a sync and at every station, which the number does not.
            column("name") { $0.row.name ?? "-" },
            column("date") { LocalTime.text(milliseconds: $0.row.startedAtMilliseconds) },
            column("hand") { $0.row.hand?.rawValue ?? "-" },
            column("peak") { display.text(stored: $0.row.summary.peak, calibrated: $0.row.calibrated) + marked($0) },
            // A mean inside reps is no figure when there were none.
            column("mean") {
                $0.row.repCount == 0 ? "-" : display.text(stored: $0.row.summary.mean, calibrated: $0.row.calibrated) + marked($0)
            },
            column("reps") { String($0.row.repCount) }, column("duration") { $0.row.summary.duration.formatted(decimals: 1) + " s" },
        ]
        // Whose hands, when the list holds a subject's sessions (the other tags are in CSV, JSON and `show`).
        if entries.contains(where: { $0.row.subject != nil }) {
            columns.insert(column("subject") { UntrustedText.escaped($0.row.subject ?? "-") }, at: 3)
        }
        // Which station recorded each, once sessions record it; the first column left out when narrow.
        if entries.contains(where: { $0.row.station != nil }) {
            columns.append(column("station") { UntrustedText.escaped($0.row.station ?? "-") })
        }
        func fixedWidth() -> Int { columns.reduce(0) { $0 + $1.width } }

        if fixedWidth() + shortestLabel > width {
            columns[2] = column("date") { LocalTime.text(milliseconds: $0.row.startedAtMilliseconds, seconds: false) }
        }
        for title in ["name", "station", "mean", "duration", "reps", "hand"] where fixedWidth() + shortestLabel > width {
            columns.removeAll { $0.title == title }
        }
        let labelWidth = max(0, width - fixedWidth())
        let widths = columns.map(\.width)

        func line(_ cells: [String], label: String) -> String {
            let padded =
                zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - TerminalText.columns($0)) }.joined()
                + cut(label, to: labelWidth)
            var trimmed = Substring(padded)
            while trimmed.utf8.last == UInt8(ascii: " ") { trimmed = trimmed.dropLast() }
            return String(trimmed)
        }
        var lines = [line(columns.map(\.title), label: "label")]
        for index in entries.indices {
            lines.append(line(columns.map { $0.cells[index] }, label: UntrustedText.escaped(entries[index].row.label ?? "")))
        }
        if let later = entries.lazy.compactMap(\.later).first {
            lines += WordWrap.lines("* recorded uncalibrated; shown with the device's calibration of \(later.date)", width: width)
        }
        return lines
    }

    /// `text` in at most `width` display columns, its end replaced by "…" when it is wider.
    static func cut(_ text: String, to width: Int) -> String {
        guard TerminalText.columns(text) > width else { return text }
        guard width > 0 else { return "" }
        return (TerminalText.fit(text, width: width).first ?? "") + "…"
    }
}
