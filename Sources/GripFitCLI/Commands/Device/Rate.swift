import ArgumentParser
import GripFitCore

/// `gripfit-serial rate <ms>`: change the sample interval.
struct Rate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Set the sample interval in milliseconds (CMD:RATE:<ms>, 20-1000).",
        discussion: """
            Sends CMD:RATE:<ms> and waits for its reply; exits 0 when the device confirms with \
            S:RATE:<ms>. An interval outside 20-1000 ms exits 64 before anything is sent.

            Examples:
              gripfit-serial rate 50
              gripfit-serial rate 100 --port F1E2D3
            """
    )

    /// A whole number; the range is checked in ``validate()``, which a negative one reaches too.
    @Argument(
        help: "The interval between readings, 20-1000 ms.",
        transform: { text in
            guard let milliseconds = Int(text) else {
                let allowed = SampleRate.allowedMilliseconds
                throw ValidationError(
                    "the sample interval is a whole number of milliseconds from \(allowed.lowerBound) to \(allowed.upperBound) "
                        + "(e.g. 50). Nothing was sent."
                )
            }
            return milliseconds
        }
    )
    var milliseconds: Int

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var oneShot: OneShotOptions

    init() {}

    func validate() throws {
        let allowed = SampleRate.allowedMilliseconds
        guard allowed.contains(milliseconds) else {
            throw ValidationError(
                "The sample interval must be between \(allowed.lowerBound) and \(allowed.upperBound) ms; got \(milliseconds). "
                    + "Nothing was sent."
            )
        }
    }

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The command with `station`'s pins, writing to `output`: tests run it in-process (issue 32).
    func run(station: Station, to output: any CommandOutput) throws {
        let rate = try SampleRate(milliseconds: milliseconds)
        _ = try OneShot.run(.device(.rate(rate)), connection: connection, pins: station.pins, timeout: oneShot.timeout)
        output.line("sample interval \(rate.milliseconds) ms")
    }
}
