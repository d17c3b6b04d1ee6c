/// Text cut to a terminal's width: how many columns a line takes, and a line split so none is
/// wider than the window. The one display-width rule of the tree (the live view, `history`'s
/// table, wrapped notices), counting generously so a line may come out short, never too long.
public enum TerminalText {
    /// Columns `text` takes, counting generously: a line may come out short, never too long.
    public static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + columns($1) }
    }

    /// `text` split into lines of at most `width - 1` columns (a terminal wraps a line that reaches
    /// its last column); a character wider than that is dropped.
    public static func fit(_ text: String, width: Int) -> [String] {
        let room = max(1, width - 1)
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            let wide = columns(scalar)
            if wide > room { continue }
            if used + wide > room {
                lines.append(String(line))
                line = String.UnicodeScalarView()
                used = 0
            }
            line.append(scalar)
            used += wide
        }
        lines.append(String(line))
        return lines
    }

    /// One column for Latin, Greek, Cyrillic and the punctuation, box and block characters the
    /// live view draws with; two for anything else (CJK, emoji), which is at most two.
    private static func columns(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0..<0x1100, 0x2000..<0x2600: 1
        default: 2
        }
    }
}
