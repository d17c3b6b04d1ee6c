import ArgumentParser
import GripFitCore
import GripFitLinux
import GripFitOutput

/// `gripfit-serial scan`: the GripFits in range, as the bridge reports them, to pick one with `--device`.
struct Scan: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the GripFits the bridge can see.",
        discussion: """
            Asks the bridge to scan now (a link it has drops for the moment and comes back) and lists \
            every GripFit it reports (B:FOUND) within --duration: BLE address, signal strength and \
            name. Pin the bridge to one with --device ADDRESS on any command; the pin is remembered \
            for this dongle, and --device any removes it. The pinned one is marked with *.

            Examples:
              gripfit-serial scan
              gripfit-serial scan --simulate --gripfits 2 --duration 2
              gripfit-serial monitor --device C0:FF:EE:00:00:02
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(parsing: .unconditional, help: "Seconds to listen; the bridge scans in windows of 10 s.")
    var duration: Double = 11

    init() {}

    func validate() throws {
        if !(duration > 0 && duration <= 600) { throw ValidationError("--duration must be more than 0 and at most 600 seconds.") }
    }

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The scan with `station`'s pins, writing to `output`: tests run it in-process (issue 32).
    func run(station: Station, to output: any CommandOutput) throws {
        let link = try connection.connect(pins: station.pins)
        let runner = SessionRunner(connection: link)
        runner.driver.submit(.bridge(.scan))
        var found: [(address: BLEAddress, rssi: Int, name: String)] = []
        _ = try runner.run(seconds: duration) { report, _ in
            if case .message(.bridge(.found(let address, let rssi, let name))) = report {
                let entry = (address, rssi, UntrustedText.escaped(name))
                if let index = found.firstIndex(where: { $0.address == address }) { found[index] = entry } else { found.append(entry) }
            }
            return true
        }
        guard !found.isEmpty else {
            throw CLIFailure(
                "No GripFit seen in \(duration.formatted(decimals: duration < 10 ? 1 : 0)) s. Is it switched on, charged and "
                    + "within a few metres? "
                    + "Scan for longer with --duration 30.",
                status: .unavailable
            )
        }
        let pinned = link.pin ?? nil
        output.line("  address            rssi  name")
        for entry in found {
            output.line(
                (entry.address == pinned ? "* " : "  ") + SessionText.pad(entry.address.description, 19)
                    + SessionText.pad("\(entry.rssi)", 6) + entry.name
            )
        }
    }
}
