import ArgumentParser
import GripFitCore
import GripFitLinux
import GripFitOutput

/// `gripfit-serial bridge info [--port P]`: which firmware the dongle runs, on which board, and
/// whether ``BridgeFirmwareGate`` wants it updated. The version comes from the bridge itself
/// (`BRIDGE:INFO`), the board and serial number from udev, as `list` finds them.
struct BridgeInfo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show the bridge's firmware version, board, serial number and whether it needs an update.",
        discussion: """
            Asks the bridge BRIDGE:INFO and reads its USB identity from udev. The update line says \
            whether this gripfit-serial requires a newer bridge firmware (older ones speak a protocol \
            it does not understand: sessions refuse them with exit 69) or recommends one, and the \
            `bridge update` command that brings it up to date. Exit 69 when the port does not answer \
            as a bridge (a plain relay, or a dongle in its bootloader).

            Examples:
              gripfit-serial bridge info
              gripfit-serial bridge info --port /dev/ttyACM0 --json
            """
    )

    @Option(help: "The dongle's port (default: the only bridge plugged in).", completion: PortCompletion.kind)
    var port: String?

    @Flag(help: "One JSON object on stdout.")
    var json = false

    init() {}

    func run() throws {
        Diagnostics.bootstrap(level: .warning)
        try run(to: StandardStreams())
    }

    /// The answer written to `sink`: tests ask a testbed's dongle in-process (issue 32).
    func run(to sink: some CommandOutput) throws {
        let source = try PortSource.choose(port)
        if source.isRemote {
            throw CLIFailure("bridge info asks a local dongle only; \(source.path) is a network port.", status: .usage)
        }
        let path = source.path
        let link = try BootloaderPort(path: path)
        guard let version = try link.bridgeVersion(timeout: BridgeUpdate.bridgeAnswer) else {
            throw CLIFailure(
                "\(path) did not answer BRIDGE:INFO: a plain relay, or a dongle in its bootloader. Flash firmware-bridge "
                    + "onto it (`\(BridgeFirmwareGate.updateCommand(port: path))`, docs/bridge-update.md).",
                status: .unavailable
            )
        }
        let usb: UsbSerialPort? = if case .usb(.usb(let port), _) = source { port } else { nil }
        let board = BridgeMatcher.board(for: usb?.id)?.name
        let verdict = BridgeFirmwareGate.verdict(for: version)
        if json {
            var object = JSONObject()
            object.set("port", path)
            object.set("firmware", version)
            if let board { object.set("board", board) }
            if let id = usb?.id { object.set("usb_id", id.description) }
            if let serial = usb?.serial { object.set("serial", serial) }
            object.set("update", verdict.name)
            object.set("required", BridgeFirmwareGate.required)
            object.set("recommended", BridgeFirmwareGate.recommended)
            sink.line(object.text)
            return
        }
        let escaped = UntrustedText.escaped(version)
        sink.line("firmware: \(escaped)")
        sink.line("board:    \(board ?? usb?.id.map { "unknown (USB ID \($0))" } ?? "unknown (not a USB device udev knows)")")
        sink.line("serial:   \(usb?.serial.map(UntrustedText.escaped) ?? "-")")
        sink.line("port:     \(path)")
        let advice = BridgeFirmwareGate.advice(for: version, escaped: escaped, port: path)
        sink.line("update:   \(advice ?? "none needed (this gripfit-serial expects \(BridgeFirmwareGate.recommended))")")
    }
}
