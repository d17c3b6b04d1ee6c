import ArgumentParser
import GripFitCore
import GripFitFirmware
import GripFitLinux
import GripFitOutput

/// `gripfit-serial bridge update PACKAGE.zip --port P`: the bridge firmware, through the Adafruit
/// bootloader's serial DFU.
struct BridgeUpdate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Send a firmware package to the bridge dongle's bootloader.",
        discussion: """
            PACKAGE.zip is what `adafruit-nrfutil dfu genpkg --dev-type 0x0052 --application-version N \
            --application APP.bin PACKAGE.zip` makes, N being major x 10000 + minor x 100 + patch. It is \
            checked whole before anything goes to the dongle: zip CRC-32s, the manifest against the init \
            packet, device type 0x0052, the image's CRC16 (a bad package exits 65, nothing sent).

            --port names the dongle. A running bridge is asked its version first: a package older \
            than it is refused (exit 64) unless --allow-downgrade. A port that does not answer as a \
            bridge is taken as the bootloader in serial DFU mode and the package goes to it: each \
            packet acknowledged, sent again up to 4 times. A bootloader that stops answering or a \
            port that vanishes ends with exit 69 and the dongle's state: once the bootloader has \
            taken the first packet it has erased the old firmware and stays in the bootloader (also \
            after a replug) until an update completes; the same command completes it.

            --no-confirm ends once the bootloader has acknowledged the last packet. This version \
            sends only to a port that is already the bootloader, and needs --no-confirm: put the \
            dongle in its bootloader by a double press of its reset button (see docs/bridge-update.md).

            Example:
              gripfit-serial bridge update bridge-1.2.0.zip --port /dev/ttyACM1 --no-confirm
            """
    )

    @Argument(help: "The DFU package (zip) from adafruit-nrfutil dfu genpkg.", completion: .file(extensions: ["zip"]))
    var package: String

    @Option(
        help: "The dongle's port: its bootloader's, or a running bridge's (asked its version).",
        completion: PortCompletion.kind
    )
    var port: String

    @Flag(help: "End once the bootloader has acknowledged the last packet (do not wait for the bridge).")
    var noConfirm = false

    @Flag(help: "Send a package older than the running bridge's firmware.")
    var allowDowngrade = false

    /// A bridge answers `BRIDGE:INFO` in milliseconds; two seconds leave room for a loaded host.
    /// A bootloader never answers, so each update to one starts this much later.
    static let bridgeAnswer = Duration.seconds(2)

    init() {}

    func run() throws {
        let package = try Self.readPackage(self.package)
        let version = package.version.map { "version \($0)" } ?? "no version"
        guard noConfirm else {
            throw CLIFailure(
                "\(self.package) (\(version)) was not sent: this version sends only to a bootloader and cannot confirm the bridge "
                    + "afterwards; add --no-confirm and name the bootloader's port with --port.",
                status: .usage
            )
        }
        let link = try BootloaderPort(path: port)
        if let running = try link.bridgeVersion(timeout: Self.bridgeAnswer) {
            throw refusal(running: running, package: package)
        }
        StandardOutput.line("Sending \(self.package) (\(version), \(package.image.count) bytes) to the bootloader on \(port)")
        try Self.send(package, through: link)
        StandardOutput.line("The bootloader took the whole image (\(version)); it starts the new bridge firmware now.")
    }

    /// A running bridge on --port: a downgrade is refused, anything else needs the touch this
    /// version does not do yet.
    private func refusal(running: String, package: DFUPackage) -> CLIFailure {
        let text = UntrustedText.escaped(running)
        if let current = FirmwareVersion(running), let offered = package.version, offered < current, !allowDowngrade {
            return CLIFailure(
                "\(self.package) holds bridge firmware \(offered), older than the \(current) running on \(port); nothing was sent. "
                    + "Add --allow-downgrade to send it anyway.",
                status: .usage
            )
        }
        return CLIFailure(
            "\(port) is a running bridge (firmware \(text)); nothing was sent. This version sends only to the bootloader: "
                + "double-press the dongle's reset button, then pass the bootloader's port with --port.",
            status: .unavailable
        )
    }

    static func readPackage(_ path: String) throws -> DFUPackage {
        let bytes = try PackageFile.read(path)
        do {
            return try DFUPackage(zip: bytes)
        } catch {
            throw CLIFailure(
                "\(path) refused: \(error). Nothing was sent to the dongle. Make the package with "
                    + "`adafruit-nrfutil dfu genpkg --dev-type 0x0052 --application-version N --application APP.bin \(path)`.",
                status: .dataError
            )
        }
    }

    /// Every packet, each acknowledged; throws the dongle's state in words when it cannot finish.
    static func send(_ package: DFUPackage, through link: BootloaderPort) throws {
        var transfer = DFUTransfer(package: package)
        var progress = UpdateProgress(total: package.image.count)
        defer { progress.finish() }
        var deadline = ContinuousClock.now
        var step = DFUTransfer.Progress.next
        while true {
            do {
                switch step {
                case .next:
                    progress.show(bytes: transfer.bytesAcknowledged)
                    try link.write(transfer.frame)
                    deadline = ContinuousClock.now + transfer.timeout
                case .finished:
                    progress.show(bytes: package.image.count)
                    return
                case .failed(let failure):
                    progress.finish()
                    throw CLIFailure("Update not finished on \(link.port.path): \(failure)", status: .unavailable)
                case .waiting:
                    break
                }
                let bytes = try link.read(until: deadline)
                if !bytes.isEmpty {
                    step = transfer.received(bytes)
                } else {
                    step = ContinuousClock.now >= deadline ? transfer.timedOut() : .waiting
                }
            } catch let error as PortError {
                progress.finish()
                let failure = DFUTransferFailure(
                    packetIndex: transfer.index,
                    packetCount: transfer.packets.count,
                    bytesAcknowledged: transfer.bytesAcknowledged,
                    imageSize: package.image.count,
                    attempts: transfer.attempts,
                    reason: .portVanished,
                    strayFrames: transfer.strayFrames
                )
                let cause: String
                if case .removed = error { cause = "" } else { cause = "\(error.description) " }
                throw CLIFailure("Update not finished on \(link.port.path): \(cause)\(failure)", status: .unavailable)
            }
        }
    }
}
