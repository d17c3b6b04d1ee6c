import GripFitOutput
import GripFitRecords

/// `history`'s table (``HistoryTable``): each column is as wide as its widest cell, so the rows are
/// held as they come and the whole table is written at the finish; the command bounds them (a
/// screenful on a terminal, --limit). Nothing before the first row.
struct HistoryTableEncoder: ByteEncoder {
    typealias Item = HistoryEntry

    let display: ForceDisplay
    /// The columns the table fits: the terminal's, 80 in a pipe.
    let width: Int
    private var entries: [HistoryEntry] = []

    init(display: ForceDisplay, width: Int) {
        self.display = display
        self.width = width
    }

    func begin(into bytes: inout [UInt8]) {}

    mutating func add(_ entry: HistoryEntry, into bytes: inout [UInt8]) {
        entries.append(entry)
    }

    func finish(into bytes: inout [UInt8]) {
        for line in HistoryTable.lines(entries, display: display, width: width) {
            bytes += line.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
    }
}
