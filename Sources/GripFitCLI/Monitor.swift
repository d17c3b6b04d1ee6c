import ArgumentParser
import GripFitCore
import GripFitLinux

/// `gripfit-serial monitor`: live readings and everything else the dongle says.
public struct Monitor: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Show live readings from the GripFit.",
        discussion: """
            Runs until --duration passes or Ctrl-C. If the dongle is unplugged or the link drops, \
            the session reconnects by itself and the output marks the gap with a state event.

            Examples:
              gripfit-serial monitor --simulate
              gripfit-serial monitor --port /dev/ttyACM0 --format jsonl --duration 60 > grip.jsonl
              gripfit-serial monitor --port /dev/ttyACM0 --format csv
            """)

    @OptionGroup public var connection: ConnectionOptions

    @Option(help: "Stop after this many seconds.")
    public var duration: Double?

    @Option(help: "text (live view on a terminal), jsonl (one JSON object per event) or csv (time,raw).")
    public var format: OutputFormat = .text

    public init() {}

    public func validate() throws {
        if let duration, !(duration > 0) { throw ValidationError("--duration must be a positive number of seconds.") }
    }

    public func run() throws {
        StandardOutput.ignoreBrokenPipe()
        let runner = SessionRunner(connection: try connection.connect())
        let live = format == .text && StandardOutput.isTerminal
        var view = LiveView()
        if format == .csv, !StandardOutput.line(EventEncoder.csvHeader) { return }
        _ = try runner.run(seconds: duration) { report, now in
            let time = WallClock.rfc3339(runner.wallClock.date(at: now))
            let text: String? =
                switch format {
                case .jsonl: EventEncoder.jsonl(report, time: time)
                case .csv: EventEncoder.csv(report, time: time)
                case .text: live ? view.render(report, time: time) : EventEncoder.text(report, time: time)
                }
            guard let text else { return true }
            return live ? StandardOutput.write(text) : StandardOutput.line(text)
        }
        if live { StandardOutput.line("") }
    }
}
