import GripFitCore
import GripFitLinux
import GripFitLive

/// The terminal a ``LiveMonitor`` draws on: a ``LiveTerminal`` at the window's width, events as
/// `monitor` prints them, times from the session's wall clock.
final class TerminalScreen: LiveScreen {
    var terminal: LiveTerminal
    private let wallClock: WallClock

    init(width: Int, wallClock: WallClock) {
        terminal = LiveTerminal(width: width)
        self.wallClock = wallClock
    }

    var width: Int {
        get { terminal.width }
        set { terminal.width = newValue }
    }

    func redraw(_ view: [String]) {
        terminal.redraw(view)
    }

    func notice(_ text: String, view: [String]) {
        terminal.notice(text, view: view)
    }

    func time(at instant: MonotonicInstant) -> String {
        RFC3339.format(milliseconds: wallClock.epochMilliseconds(at: instant))
    }

    func line(for report: LinkReport, time: String) -> String? {
        EventEncoder.text(report, time: time)
    }
}
