import Foundation
import Glibc
import Testing

/// `scan` and `--device` against a simulator with two GripFits in range: the listing and the
/// nothing-found failure in-process (``InProcessCommand``), pinning through the binary.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct ScanEndToEndTests {
    @Test func scanListsBothGripFits() {
        let result = InProcessCommand.run(["scan", "--simulate", "--gripfits", "2", "--duration", "1.5"], in: BuiltBinary())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.lines == [
                "  address            rssi  name",
                "  C0:FF:EE:00:00:01  -48   _GRIPFIT",
                "  C0:FF:EE:00:00:02  -57   _GRIPFIT 2",
            ]
        )
    }

    @Test func deviceIsPinnedRememberedPerDongleAndUnpinnedWithAny() throws {
        let cli = BuiltBinary()
        let two = ["--simulate", "--gripfits", "2"]
        let pinned = try cli.run(["record"] + two + ["--device", "c0:ff:ee:00:00:02", "--duration", "1.5"])
        #expect(pinned.status == 0, "\(pinned.stderr)")
        let pins = cli.configHome + "/gripfit/pins.json"
        var info = stat()
        #expect(stat(pins, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600, "the pin file is private")
        let remembered = try cli.run(["record"] + two + ["--duration", "1.5"])
        #expect(remembered.status == 0, "\(remembered.stderr)")
        let scan = try cli.run(["scan"] + two + ["--duration", "1.5"])
        #expect(scan.lines.contains("* C0:FF:EE:00:00:02  -57   _GRIPFIT 2"), "\(scan.stdout)")
        let unpinned = try cli.run(["record"] + two + ["--device", "any", "--duration", "1.5"])
        #expect(unpinned.status == 0, "\(unpinned.stderr)")
        let devices = try cli.historyJSONInProcess().compactMap { $0["device"] as? String }
        // Newest first: unpinned, remembered, pinned.
        #expect(devices == ["ble:C0:FF:EE:00:00:01", "ble:C0:FF:EE:00:00:02", "ble:C0:FF:EE:00:00:02"])
    }

    @Test func badDeviceAndNothingFound() {
        // Parsed in-process: the binary's usage errors are HostileInputTests' and each command's own.
        let bad = InProcessParse.run(["monitor", "--simulate", "--device", "not-an-address", "--duration", "1"])
        #expect(bad.status == 64)
        let none = InProcessCommand.run(["scan", "--simulate", "--duration", "0.2"], in: BuiltBinary())
        #expect(none.status == 69)
        #expect(none.stderr.contains("No GripFit seen in 0.2 s"))
    }
}
