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

            --port names the dongle (default: the only bridge plugged in). A running bridge is asked its \
            version first: a package older than it is refused (exit 64) unless --allow-downgrade. Then \
            the bridge is restarted into its bootloader (the 1200-baud touch) and found again by its USB \
            serial number through udev (10 s at most). A port that does not answer as a bridge is taken \
            as the bootloader in serial DFU mode (after a double press of the reset button). Each packet \
            is acknowledged, sent again up to 4 times. A bootloader that stops answering or a port that \
            vanishes ends with exit 69 and the dongle's state: once the bootloader has taken the first \
            packet it has erased the old firmware and stays in the bootloader (also after a replug) \
            until an update completes; the same command completes it.

            Exit 0 once the bridge has come back (15 s at most) and reported the package's version to \
            BRIDGE:INFO. --no-confirm ends once the bootloader has acknowledged the last packet (a port \
            udev does not know cannot be followed, so it needs --no-confirm).

            --all-bridges updates every bridge plugged in, one after another, and stops at the first \
            that fails (the ones after it are not touched).

            Examples:
              gripfit-serial bridge update bridge-1.2.0.zip
              gripfit-serial bridge update bridge-1.2.0.zip --port /dev/ttyACM1
              gripfit-serial bridge update bridge-1.2.0.zip --all-bridges
            """
    )

    @Argument(help: "The DFU package (zip) from adafruit-nrfutil dfu genpkg.", completion: .file(extensions: ["zip"]))
    var package: String

    @Option(
        help: "The dongle's port: a running bridge's or its bootloader's (default: the only bridge plugged in).",
        completion: PortCompletion.kind
    )
    var port: String?

    @Flag(help: "End once the bootloader has acknowledged the last packet (do not wait for the bridge).")
    var noConfirm = false

    @Flag(help: "Send a package older than the running bridge's firmware.")
    var allowDowngrade = false

    @Flag(help: "Update every bridge plugged in, one after another; stop at the first that fails.")
    var allBridges = false

    /// A bridge answers `BRIDGE:INFO` in milliseconds; two seconds leave room for a loaded host.
    /// A bootloader never answers, so each update to one starts this much later.
    static let bridgeAnswer = Duration.seconds(2)
    /// The bootloader enumerates about a second after the touch; a slow hub may take longer.
    static let bootloaderArrival = Duration.seconds(10)
    /// The bootloader checks the image and starts it, and the bridge enumerates, within seconds.
    static let bridgeReturn = Duration.seconds(15)

    init() {}

    func run() throws {
        let package = try Self.readPackage(self.package)
        guard allBridges else { return try update(package, on: try PortSource.choose(port)) }
        guard port == nil else { throw CLIFailure("--all-bridges and --port both name the dongles: give one of them.", status: .usage) }
        let context = try UdevContext()
        let bridges = try UdevEnumerator(context: context).bridges()
        guard !bridges.isEmpty else {
            throw CLIFailure(
                "No bridge is plugged in; nothing was sent. `gripfit-serial list --all` shows every serial port (a dongle "
                    + "already in its bootloader is no bridge: name its port with --port).",
                status: .unavailable
            )
        }
        for (index, bridge) in bridges.enumerated() {
            let place = "bridge \(index + 1) of \(bridges.count)"
            StandardOutput.line("Updating \(place): \(bridge.devnode) (USB serial number \(UntrustedText.escaped(bridge.serial ?? "-")))")
            do {
                try update(package, on: .usb(.usb(bridge), context))
            } catch let failure as CLIFailure {
                let after = index + 1 < bridges.count ? "; the \(bridges.count - index - 1) after it were not touched" : ""
                throw CLIFailure("\(failure.message) (\(place)\(after))", status: failure.status)
            }
        }
    }

    /// One dongle, from the version check to the confirmation.
    private func update(_ package: DFUPackage, on source: PortSource) throws {
        let version = package.version.map { "version \($0)" } ?? "no version"
        if source.isRemote {
            throw CLIFailure("bridge update sends to a local dongle only; \(source.path) is a network port.", status: .usage)
        }
        var watch: DongleReturn?
        if case .usb(.usb(let dongle), let context) = source, dongle.serial != nil {
            watch = try DongleReturn(following: dongle, context: context)
        }
        var link = try BootloaderPort(path: source.path)
        StandardOutput.line("Asking the dongle on \(source.path) which bridge firmware it runs")
        if let running = try link.bridgeVersion(timeout: Self.bridgeAnswer) {
            try checkVersion(running: running, package: package, path: source.path)
            guard let watch else { throw notFollowable(running: running, path: source.path) }
            link = try restart(link, running: running, watch: watch)
        } else if watch == nil, !noConfirm {
            throw CLIFailure(
                "\(source.path) did not answer as a bridge and udev does not know its USB serial number, so the bridge cannot be "
                    + "found again to confirm the update; nothing was sent. Add --no-confirm to send \(self.package) to it as a "
                    + "bootloader, then check with `gripfit-serial bridge info`.",
                status: .usage
            )
        }
        StandardOutput.line("Sending \(self.package) (\(version), \(package.image.count) bytes) to the bootloader on \(link.port.path)")
        try Self.send(package, through: link)
        link.port.close()
        StandardOutput.line("The bootloader took the whole image (\(version)); it starts the new bridge firmware now.")
        guard !noConfirm, let watch else { return }
        try confirm(package, watch: watch)
    }

    /// A downgrade is refused unless asked for.
    private func checkVersion(running: String, package: DFUPackage, path: String) throws {
        guard let current = FirmwareVersion(running), let offered = package.version, offered < current, !allowDowngrade else { return }
        throw CLIFailure(
            "\(self.package) holds bridge firmware \(offered), older than the \(current) running on \(path); nothing was sent. "
                + "Add --allow-downgrade to send it anyway.",
            status: .usage
        )
    }

    /// A running bridge on a port udev does not know (a pty, a libudev-less host): after the touch
    /// its bootloader could not be told from any other new port.
    private func notFollowable(running: String, path: String) -> CLIFailure {
        CLIFailure(
            "\(path) is a running bridge (firmware \(UntrustedText.escaped(running))), but udev does not know its USB serial number, "
                + "so its bootloader cannot be found after the restart; nothing was sent. Double-press the dongle's reset button, "
                + "then pass the bootloader's port with --port and add --no-confirm.",
            status: .unavailable
        )
    }

    /// The touch, then the bootloader's port, found by the dongle's USB serial number.
    private func restart(_ link: BootloaderPort, running: String, watch: DongleReturn) throws -> BootloaderPort {
        let serial = watch.dongle.serial ?? "-"
        StandardOutput.line(
            "Restarting the bridge on \(link.port.path) (firmware \(UntrustedText.escaped(running)), USB serial number "
                + "\(UntrustedText.escaped(serial))) into its bootloader"
        )
        try link.port.restartIntoBootloader()
        guard let bootloader = try watch.nextAppearance(within: Self.bootloaderArrival) else {
            throw CLIFailure(
                "No USB device with serial number \(UntrustedText.escaped(serial)) appeared within \(Self.bootloaderArrival) of the "
                    + "1200-baud touch; nothing was sent and the bridge may still run its old firmware (`gripfit-serial bridge info`). "
                    + "If its bootloader reports another serial number, double-press the dongle's reset button and pass the "
                    + "bootloader's port with --port.",
                status: .unavailable
            )
        }
        let opened = try BootloaderPort(path: bootloader.devnode)
        StandardOutput.line("Found its bootloader on \(bootloader.devnode)")
        return opened
    }

    /// Exit 0 only once the bridge is back and reports the package's version.
    private func confirm(_ package: DFUPackage, watch: DongleReturn) throws {
        let serial = UntrustedText.escaped(watch.dongle.serial ?? "-")
        guard let bridge = try watch.nextAppearance(within: Self.bridgeReturn) else {
            throw CLIFailure(
                "The bootloader took the whole image, but no bridge with USB serial number \(serial) came back within "
                    + "\(Self.bridgeReturn). If the dongle stays in its bootloader (its LED pulses), run the same command again "
                    + "with --port naming the bootloader's port; otherwise check it with `gripfit-serial bridge info`.",
                status: .unavailable
            )
        }
        let link = try BootloaderPort(path: bridge.devnode)
        StandardOutput.line("Found the bridge again on \(bridge.devnode); asking its version")
        guard let reported = try link.bridgeVersion(timeout: Self.bridgeAnswer) else {
            throw CLIFailure(
                "\(bridge.devnode) (USB serial number \(serial)) came back but did not answer BRIDGE:INFO: the new firmware "
                    + "does not run as a bridge. Send a bridge package with the same command.",
                status: .unavailable
            )
        }
        let text = UntrustedText.escaped(reported)
        if let offered = package.version, FirmwareVersion(reported) != offered {
            throw CLIFailure(
                "The bridge came back on \(bridge.devnode) reporting firmware \(text), not the package's \(offered): the "
                    + "bootloader did not start the new image. Run the same command again.",
                status: .unavailable
            )
        }
        StandardOutput.line("Confirmed: the bridge on \(bridge.devnode) reports firmware \(text).")
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
