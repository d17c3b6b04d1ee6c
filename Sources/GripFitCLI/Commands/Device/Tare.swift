import ArgumentParser
import GripFitCore

/// `gripfit-serial tare`: zero the scale at the current load.
struct Tare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Zero the GripFit at its current load (CMD:TARE).",
        discussion: """
            Exits 0 on S:TARED; 74 when the device answers S:NOT_READY (sensor fault). Take the \
            hand off the handle first: whatever load is on it becomes zero.

            Examples:
              gripfit-serial tare
              gripfit-serial tare --port F1E2D3 && gripfit-serial record --hand right
            """
    )

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var oneShot: OneShotOptions

    init() {}

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The command with `station`'s pins, writing to `output`: tests run it in-process (issue 32).
    func run(station: Station, to output: any CommandOutput) throws {
        _ = try OneShot.run(.device(.tare), connection: connection, pins: station.pins, timeout: oneShot.timeout)
        output.line("tared")
    }
}
