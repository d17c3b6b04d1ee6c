import ArgumentParser

/// `gripfit-serial bridge`: the dongle's own firmware.
struct BridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "The bridge dongle's firmware: its version, and updating it.",
        discussion: """
            `bridge info` shows the dongle's firmware and whether this gripfit-serial requires or \
            recommends an update. `bridge update` sends a package from `adafruit-nrfutil dfu genpkg` \
            to the dongle's bootloader over its serial DFU (docs/bridge-update.md).

            Examples:
              gripfit-serial bridge info
              gripfit-serial bridge update bridge-1.2.0.zip --port /dev/ttyACM1 --no-confirm
            """,
        subcommands: [BridgeInfo.self, BridgeUpdate.self]
    )

    init() {}
}
