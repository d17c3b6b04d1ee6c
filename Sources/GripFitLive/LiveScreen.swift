import GripFitCore

/// Where a ``LiveMonitor`` draws: the terminal in the CLI, a list of lines in tests. The screen
/// also knows how the session's events and times read, which is the CLI's output format.
public protocol LiveScreen: AnyObject {
    /// Columns the view may use.
    var width: Int { get }
    /// Redraws the view in place.
    func redraw(_ view: [String])
    /// Prints `text` above the view, then redraws the view.
    func notice(_ text: String, view: [String])
    /// The wall-clock time of `instant`, as notices start with it.
    func time(at instant: MonotonicInstant) -> String
    /// `report` as one event line at `time`; nil for a report that shows none.
    func line(for report: LinkReport, time: String) -> String?
}
