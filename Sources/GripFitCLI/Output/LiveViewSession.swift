import GripFitCore
import GripFitLinux
import GripFitLive

/// The live view on this terminal for one session (`monitor`, and `record` beside its recording):
/// a ``LiveMonitor`` drawn on a ``TerminalScreen``, the window's resizes and the keys (t, p, q)
/// wired to it through the driver's event sources.
struct LiveViewSession {
    let monitor: LiveMonitor
    private let screen: TerminalScreen
    private let keys: TerminalInput?
    private let clock: MonotonicClock

    init(runner: SessionRunner, unit: ForceUnit) throws {
        let resize = try WindowResize()
        let keys = try TerminalInput()
        let screen = TerminalScreen(width: resize.columns, wallClock: runner.wallClock)
        let monitor = LiveMonitor(unit: unit, screen: screen, start: runner.clock.now())
        let clock = runner.clock
        let driver = runner.driver
        resize.onResize = { columns in
            screen.width = columns
            monitor.redraw(at: clock.now())
        }
        keys?.onKey = { key in
            switch monitor.press(key, at: clock.now()) {
            case .submit(let command): driver.submit(command)
            case .stop: driver.stop()
            case nil: break
            }
        }
        driver.eventSources += [resize] + (keys.map { [$0] } ?? [])
        self.monitor = monitor
        self.screen = screen
        self.keys = keys
        self.clock = clock
    }

    /// Runs the session (`body`) under the view: drawn first, left in place with the cursor below
    /// it at the end, the cursor shown again on a failure, the terminal's keys restored either way.
    func run<Result>(_ body: () throws -> Result) throws -> Result {
        defer { keys?.restore() }
        monitor.redraw(at: clock.now())
        let result: Result
        do {
            result = try body()
        } catch {
            screen.terminal.restoreCursor()
            throw error
        }
        screen.terminal.finish(monitor.lines(at: clock.now()))
        return result
    }
}
