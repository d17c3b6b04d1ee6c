import ArgumentParser

/// `gripfit-serial bridge`: the dongle's own firmware.
struct BridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Update the bridge dongle's firmware.",
        subcommands: [BridgeUpdate.self]
    )

    init() {}
}
