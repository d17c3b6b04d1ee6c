import GripFitOutput

/// Draws a ``LiveView`` at the bottom of the terminal and notices above it. The cursor rests at
/// the start of the view's first line between draws, so a redraw is "clear to the end of the
/// screen, write the lines, go back up": nothing to count, and a window resize that rewraps old
/// lines leaves no copies behind. ``finish()`` leaves the last view in place, the cursor below it.
struct LiveTerminal {
    var width: Int
    private var height = 0
    private var cursorHidden = false

    init(width: Int) {
        self.width = width
    }

    /// Prints `text` above the view, split to fit the width, then redraws the view.
    mutating func notice(_ text: String, view: [String]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { TerminalText.fit(String($0), width: width) }
        draw(prefix: lines.map { $0 + "\u{1B}[K\r\n" }.joined(), view: view)
    }

    mutating func redraw(_ view: [String]) {
        draw(prefix: "", view: view)
    }

    /// The last view stays on screen; the cursor goes below it and is shown again.
    mutating func finish(_ view: [String]) {
        guard height > 0 || !view.isEmpty else { return }
        StandardOutput.write("\u{1B}[J" + view.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\r\n\u{1B}[?25h")
        height = 0
        cursorHidden = false
    }

    /// Shows the cursor again if the view hid it, without redrawing: for a failure on the way out.
    mutating func restoreCursor() {
        if cursorHidden { StandardOutput.write("\r\n\u{1B}[?25h") }
        cursorHidden = false
    }

    private mutating func draw(prefix: String, view: [String]) {
        var text = cursorHidden ? "" : "\u{1B}[?25l"
        cursorHidden = true
        // The first line (the force) in bold; escapes take no columns, so the width still holds.
        let lines = view.enumerated().map { $0.offset == 0 ? "\u{1B}[1m\($0.element)\u{1B}[0m" : $0.element }
        text += "\r\u{1B}[J" + prefix + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
        if view.count > 1 { text += "\u{1B}[\(view.count - 1)A" }
        text += "\r"
        height = view.count
        StandardOutput.write(text)
    }
}
