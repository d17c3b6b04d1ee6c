import GripFitOutput
import GripFitRecords

/// How `history` writes its sessions, each format one encoder (``encoder(display:width:)``); the CLI maps
/// each to its encoder of assessments too, for `history --assessments`.
public enum HistoryFormat: String, CaseIterable, Sendable {
    /// An aligned table for people, times local.
    case table
    /// One row per session, units in the header, times RFC 3339 UTC.
    case csv
    /// A JSON array of sessions, times RFC 3339 UTC.
    case json

    /// The format's encoder: forces in `display`'s unit; `width` the columns the table fits (the terminal's, 80 in a pipe).
    public func encoder(display: ForceDisplay, width: Int) -> any ByteEncoder<HistoryEntry, Never> {
        switch self {
        case .table: HistoryTableEncoder(display: display, width: width)
        case .csv: CSVRowsEncoder(header: HistoryCSV.header(unit: display.unit)) { HistoryCSV.fields($0, display: display) }
        case .json: JSONArrayEncoder { SessionJSON.set($0, display: display, in: &$1) }
        }
    }
}
