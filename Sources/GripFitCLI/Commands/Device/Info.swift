import ArgumentParser
import GripFitCore
import GripFitOutput

/// `gripfit-serial info`: the device's name and firmware version.
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the GripFit's firmware version (CMD:INFO) and the bridge's.",
        discussion: """
            Sends CMD:INFO and waits for the D: reply; exits 0 when it comes. \
            `gripfit-serial --version` shows which bridge firmware this release expects.

            Examples:
              gripfit-serial info
              gripfit-serial info --port /dev/ttyACM0
              gripfit-serial info --simulate
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
        let reply = try OneShot.run(.device(.info), connection: connection, pins: station.pins, timeout: oneShot.timeout)
        guard case .device(let info) = reply.message else { return }
        let bridge = reply.bridgeVersion.map { ", bridge firmware \(UntrustedText.escaped($0))" } ?? ", plain relay"
        output.line("\(UntrustedText.escaped(info.name)) firmware \(UntrustedText.escaped(info.firmware))\(bridge)")
    }
}
