/// Prose broken at spaces to fit a terminal, measured in display columns (``TerminalText/columns(_:)``):
/// the protocol summary and the notes under the `history` table.
public enum WordWrap {
    /// `line` broken at spaces into lines of at most `width` columns, the continuations indented
    /// two spaces; a word longer than the room is cut, so no line is ever wider.
    public static func lines(_ line: String, width: Int) -> [String] {
        let room = max(8, width)
        guard TerminalText.columns(line) > room else { return [line] }
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = current.isEmpty && lines.isEmpty ? word : current + " " + word
            if TerminalText.columns(candidate) <= room || current.allSatisfy({ $0 == " " }) {
                current = candidate
                continue
            }
            lines.append(current)
            current = "  " + word
        }
        lines.append(current)
        // A single word wider than the room: cut it rather than overflow.
        return lines.flatMap { TerminalText.columns($0) > room ? TerminalText.fit($0, width: room + 1) : [$0] }
    }
}
