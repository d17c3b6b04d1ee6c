import Foundation
import GripFitCore
import GripFitOutput

/// The checks behind `gripfit-serial doctor`: every reason the dongle might not work, one check per line, each
/// failure with its fix. Checks that need a bridge are skipped (not passed) when there is none, and the
/// run fails on the bridge line. Device text
/// (USB serial numbers, the bridge's version, process names) is escaped here, once, as the errors
/// quoted escape theirs.
public struct Checkup {
    public static let rulesFileName = "70-gripfit-bridge.rules"

    /// Where udev reads rules from, admin's first.
    public var rulesDirectories = ["/etc/udev/rules.d", "/run/udev/rules.d", "/usr/lib/udev/rules.d", "/lib/udev/rules.d"]
    public var procRoot = "/proc"
    public var probe = BridgeProbe()
    /// `--port`, resolved as every command resolves it.
    public var portArgument: String?

    public init(portArgument: String? = nil) {
        self.portArgument = portArgument
    }

    /// Runs the checks in order, handing each line to `report` as soon as it is known.
    /// Returns whether all passed.
    @discardableResult
    public func run(report: (DoctorCheck) -> Void) -> Bool {
        var allPassed = true
        func emit(_ check: DoctorCheck) {
            allPassed = allPassed && !check.failed
            report(check)
        }

        var ports: [UsbSerialPort] = []
        do {
            ports = try UdevEnumerator(context: UdevContext()).usbSerialPorts()
            emit(.pass("libudev", "usable, \(ports.count) USB serial port(s) found"))
        } catch {
            emit(.fail("libudev", error.description, fix: "install libudev1 and make sure /sys is mounted"))
        }

        let selection: Result<PortSelection, PortSelectionError> = Result { () throws(PortSelectionError) in
            try PortSelector.select(portArgument, among: ports)
        }
        emit(rulesCheck(selection: try? selection.get()))

        let selected: PortSelection
        switch selection {
        case .failure(let error):
            emit(Self.noBridgeCheck(error))
            for title in ["permission", "ModemManager", "port lock", "BRIDGE:INFO", "GripFit"] {
                emit(.skip(title, "no bridge (see the bridge line above)"))
            }
            return allPassed
        case .success(let selection):
            selected = selection
            emit(bridgeCheck(selection))
        }

        let path = selected.path
        do {
            emit(try PortAccess.inspect(path: path).check)
        } catch {
            emit(.fail("permission", error.description, fix: "plug in the dongle, or check the --port path"))
        }
        emit(modemManagerCheck(selected))

        let holders = PortHolder.holders(of: path)
        if holders.isEmpty {
            emit(.pass("port lock", "no other process has \(path) open"))
        } else {
            let names = holders.map(PortHolder.label).joined(separator: ", ")
            emit(.fail("port lock", "\(path) is open in \(names)", fix: "close that program (`kill \(holders[0].pid)` if it hangs)"))
        }

        for check in probeChecks(path: path) { emit(check) }
        return allPassed
    }

    // MARK: - Checks

    private func rulesCheck(selection: PortSelection?) -> DoctorCheck {
        let title = "udev rules"
        let installed = rulesDirectories.map { $0 + "/" + Self.rulesFileName }
            .first { FileManager.default.fileExists(atPath: $0) }
        guard let installed else {
            return .fail(
                title,
                "\(Self.rulesFileName) is not installed",
                fix: "`sudo make install-udev` (or copy udev/\(Self.rulesFileName) to /etc/udev/rules.d/), then replug the dongle"
            )
        }
        guard case .usb(let port) = selection else {
            return .pass(title, "\(installed) installed (loaded cannot be checked without a USB bridge)")
        }
        if port.properties[BridgeMatcher.udevProperty] == "1" {
            return .pass(title, "\(installed) installed and applied to \(port.devnode)")
        }
        return .fail(
            title,
            "\(installed) is installed but was not applied to \(port.devnode)",
            fix: "`sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=tty`, or replug the dongle"
        )
    }

    /// The bridge line when there is none. The selection error's own advice ends in "run
    /// `gripfit-serial doctor`", which is no advice inside doctor: this says what to look at instead.
    static func noBridgeCheck(_ error: PortSelectionError) -> DoctorCheck {
        guard case .noBridge(let others) = error else { return .fail("bridge", "none selected", fix: error.description) }
        let ids = BridgeMatcher.supportedBoards.map(\.id.description).joined(separator: ", ")
        return .fail(
            "bridge",
            "no GripFit bridge is plugged in",
            fix: "plug the dongle straight into this machine (not an unpowered hub) with a data cable, then check that "
                + "`lsusb` lists it (USB ID \(ids)) and `sudo dmesg | tail` shows a new ttyACM port; if `lsusb` does "
                + "not, try another cable or USB port; if it does but with another ID, flash firmware-bridge onto it"
                + (others.isEmpty
                    ? "" : ". Other USB serial ports, one of which --port can name:\n" + PortSelectionError.table(others))
        )
    }

    private func bridgeCheck(_ selection: PortSelection) -> DoctorCheck {
        switch selection {
        case .usb(let port):
            let board = BridgeMatcher.board(for: port.id).map { ", \($0.name)" } ?? ""
            return .pass(
                "bridge",
                "\(port.devnode) serial \(UntrustedText.escaped(port.serial ?? "-")) (\(port.id?.description ?? "?:?")\(board))"
                    + (port.isBridge ? "" : ", not recognised as a bridge but named by --port")
            )
        case .path(let path):
            return .pass("bridge", "\(path) as given (not a USB device udev knows)")
        }
    }

    private func modemManagerCheck(_ selection: PortSelection) -> DoctorCheck {
        let title = "ModemManager"
        guard let pid = processID(named: "ModemManager") else { return .pass(title, "not running") }
        guard case .usb(let port) = selection else { return .pass(title, "running (PID \(pid)); the port is not USB") }
        if port.properties["ID_MM_DEVICE_IGNORE"] == "1" {
            return .pass(title, "running (PID \(pid)) and ignoring \(port.devnode)")
        }
        return .fail(
            title,
            "running (PID \(pid)) and may probe \(port.devnode) with AT commands",
            fix: "install the udev rules (they set ID_MM_DEVICE_IGNORE=1) and replug, or `sudo systemctl stop ModemManager`"
        )
    }

    private func probeChecks(path: String) -> [DoctorCheck] {
        let result: BridgeProbe.Result
        do {
            result = try probe.run(path: path)
        } catch {
            return [.fail("BRIDGE:INFO", error.description, fix: "run `gripfit-serial doctor` again")]
        }
        if let portError = result.portError {
            return [
                .fail("BRIDGE:INFO", portError.description, fix: "fix the checks above first"),
                .skip("GripFit", "the port could not be used (see the line above)"),
            ]
        }
        var checks: [DoctorCheck] = []
        if let version = result.bridgeVersion {
            checks.append(Self.firmwareCheck(version, port: path))
        } else {
            checks.append(
                .fail(
                    "BRIDGE:INFO",
                    "no `B:BRIDGE` answer from \(path)",
                    fix: "flash firmware-bridge onto the dongle (a plain relay works for streaming but cannot be checked)"
                )
            )
        }
        if result.connected {
            checks.append(.pass("GripFit", "connected" + (result.deviceAddress.map { " (\($0))" } ?? "")))
        } else {
            let state = result.lastState.map { "the session is \($0)" } ?? "no link reported"
            checks.append(
                .fail(
                    "GripFit",
                    "not connected: \(state)",
                    fix: "switch the GripFit on and bring it within a few metres; `gripfit-serial monitor` waits for it"
                )
            )
        }
        return checks
    }

    /// The bridge's version against ``BridgeFirmwareGate``: a required update fails (sessions refuse
    /// that bridge), a recommended one passes with the advice.
    static func firmwareCheck(_ version: String, port: String) -> DoctorCheck {
        let escaped = UntrustedText.escaped(version)
        let advice = BridgeFirmwareGate.advice(for: version, escaped: escaped, port: port)
        switch BridgeFirmwareGate.verdict(for: version) {
        case .updateRequired:
            return .fail(
                "BRIDGE:INFO",
                "bridge firmware \(escaped) is older than \(BridgeFirmwareGate.required), the oldest whose protocol "
                    + "this gripfit-serial understands; sessions refuse it",
                fix: "update it: `\(BridgeFirmwareGate.updateCommand(port: port))` (docs/bridge-update.md)"
            )
        case .updateRecommended, .unrecognised:
            return .pass("BRIDGE:INFO", advice ?? "bridge firmware \(escaped)")
        case .current:
            return .pass("BRIDGE:INFO", "bridge firmware \(escaped)")
        }
    }

    private func processID(named name: String) -> Int32? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: procRoot) else { return nil }
        for entry in entries {
            guard let pid = Int32(entry),
                let command = try? String(contentsOfFile: "\(procRoot)/\(entry)/comm", encoding: .utf8)
            else { continue }
            if command.trimmingCharacters(in: .whitespacesAndNewlines) == name { return pid }
        }
        return nil
    }
}
