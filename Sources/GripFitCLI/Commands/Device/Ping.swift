import ArgumentParser
import GripFitCore

/// `gripfit-serial ping`: check the link end to end.
struct Ping: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the link to the GripFit (CMD:PING -> S:PONG).",
        discussion: """
            Sends one command and waits for its reply: prints the round trip through the dongle and \
            exits 0 on S:PONG; exits 75 when no PONG comes back in time.

            Examples:
              gripfit-serial ping
              gripfit-serial ping --port F1E2D3 --timeout 5
              gripfit-serial ping --simulate
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
        let reply = try OneShot.run(.device(.ping), connection: connection, pins: station.pins, timeout: oneShot.timeout)
        let milliseconds = (reply.latency.milliseconds * 10).rounded() / 10
        output.line("PONG in \(milliseconds) ms")
    }
}
