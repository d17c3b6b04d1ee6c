import GripFitCore

/// Prose broken at spaces to fit a terminal, measured in display columns (``LiveView/columns(_:)``):
/// the protocol summary and the notes under the `history` table.
enum WordWrap {
    /// `line` broken at spaces into lines of at most `width` columns, the continuations indented
    /// two spaces; a word longer than the room is cut, so no line is ever wider.
    static func lines(_ line: String, width: Int) -> [String] {
        let room = max(8, width)
        guard LiveView.columns(line) > room else { return [line] }
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = current.isEmpty && lines.isEmpty ? word : current + " " + word
            if LiveView.columns(candidate) <= room || current.allSatisfy({ $0 == " " }) {
                current = candidate
                continue
            }
            lines.append(current)
            current = "  " + word
        }
        lines.append(current)
        // A single word wider than the room: cut it rather than overflow.
        return lines.flatMap { LiveView.columns($0) > room ? LiveView.fit($0, width: room + 1) : [$0] }
    }
}
