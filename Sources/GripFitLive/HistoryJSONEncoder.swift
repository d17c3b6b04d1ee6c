import GripFitOutput
import GripFitRecords

/// `history --json`: one JSON array of ``SessionJSON/row(_:display:)`` on one line, each row
/// appended as it comes, so the caller can write the bytes out in chunks as the history hands the
/// rows over and memory stays one chunk's whatever the history's length.
struct HistoryJSONEncoder: ByteEncoder {
    typealias Item = HistoryEntry

    let display: ForceDisplay
    private var written = 0

    init(display: ForceDisplay) {
        self.display = display
    }

    func begin(into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
    }

    mutating func add(_ entry: HistoryEntry, into bytes: inout [UInt8]) {
        if written > 0 { bytes.append(UInt8(ascii: ",")) }
        written += 1
        SessionJSON.row(entry, display: display).write(to: &bytes)
    }

    func finish(into bytes: inout [UInt8]) {
        bytes += "]\n".utf8
    }
}
