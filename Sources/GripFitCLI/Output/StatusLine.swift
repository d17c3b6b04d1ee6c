/// One line of progress redrawn in place on a terminal (`record`'s force and peak, the guided
/// protocol's rest countdown), for output that is not a whole ``LiveTerminal`` view: each draw
/// returns to the start of the line and clears it, so the line never leaves copies behind.
struct StatusLine {
    private var shown = false

    /// Replaces the line with `text`; the caller keeps it narrower than the window.
    mutating func show(_ text: String) {
        StandardOutput.write("\r\u{1B}[2K" + text)
        shown = true
    }

    /// Clears the line, if one is shown, so the next output starts on an empty line.
    mutating func clear() {
        if shown { StandardOutput.write("\r\u{1B}[2K") }
        shown = false
    }
}
