import ArgumentParser

/// `gripfit-serial bridge`: the dongle's own firmware.
struct BridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Update the bridge dongle's firmware.",
        discussion: """
            `bridge update` sends a package from `adafruit-nrfutil dfu genpkg` to the dongle's \
            bootloader over its serial DFU (docs/bridge-update.md).

            Example:
              gripfit-serial bridge update bridge-1.2.0.zip --port /dev/ttyACM1 --no-confirm
            """,
        subcommands: [BridgeUpdate.self]
    )

    init() {}
}
