import Foundation
import GripFitLinux
import UmockdevTestSupport
import XCTest

/// The doctor's checks against umockdev fixtures, with its rules directories and /proc pointed at temporary ones.
final class CheckupTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(try Testbed.available(), Testbed.skipReason)
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("proc"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    private func doctor(port: String? = nil) -> Checkup {
        var doctor = Checkup(portArgument: port)
        doctor.rulesDirectories = [scratch.appendingPathComponent("rules").path]
        doctor.procRoot = scratch.appendingPathComponent("proc").path
        doctor.probe = BridgeProbe(timeout: .seconds(3))
        return doctor
    }

    private func run(_ doctor: Checkup) -> (passed: Bool, checks: [DoctorCheck]) {
        var checks: [DoctorCheck] = []
        let passed = doctor.run { checks.append($0) }
        return (passed, checks)
    }

    func testEverythingPassesWithTheRulesAppliedAndABridgeThatAnswers() throws {
        let testbed = try Testbed()
        let device = try testbed.add(fixture: "raytac-bridge")
        try testbed.play(script: "bridge-connected.script", on: device)
        try Data().write(to: scratch.appendingPathComponent("rules/\(Checkup.rulesFileName)"))

        let (passed, checks) = run(doctor())
        XCTAssertEqual(
            checks.map(\.title),
            ["libudev", "udev rules", "bridge", "permission", "ModemManager", "port lock", "BRIDGE:INFO", "GripFit"]
        )
        XCTAssertTrue(passed, checks.map(\.description).joined(separator: "\n"))
        XCTAssertTrue(checks.allSatisfy { $0.description.hasPrefix("✔ ") })
        XCTAssertEqual(checks.first { $0.title == "BRIDGE:INFO" }?.finding, "bridge firmware 1.2.0")
        XCTAssertEqual(checks.last?.finding, "connected (C0:FF:EE:12:34:56)")
    }

    func testMissingRulesAProbingModemManagerAndASilentBridgeEachSayTheirFix() throws {
        let testbed = try Testbed()
        try testbed.add(fixture: "xiao-bridge")
        let modemManager = scratch.appendingPathComponent("proc/4242")
        try FileManager.default.createDirectory(at: modemManager, withIntermediateDirectories: true)
        try "ModemManager\n".write(to: modemManager.appendingPathComponent("comm"), atomically: true, encoding: .utf8)

        let (passed, checks) = run(doctor())
        XCTAssertFalse(passed)
        let failed = Dictionary(uniqueKeysWithValues: checks.filter(\.failed).map { ($0.title, $0) })
        XCTAssertEqual(Set(failed.keys), ["udev rules", "ModemManager", "BRIDGE:INFO", "GripFit"])
        XCTAssertTrue(failed["udev rules"]?.description.contains("sudo make install-udev") ?? false)
        XCTAssertTrue(failed["ModemManager"]?.description.contains("PID 4242") ?? false)
        XCTAssertTrue(failed["BRIDGE:INFO"]?.fix?.contains("firmware-bridge") ?? false)
        XCTAssertTrue(checks.filter(\.failed).allSatisfy { $0.description.hasPrefix("✘ ") && $0.fix != nil })
    }

    func testNoBridgeFailsWithPlugInGuidance() throws {
        let testbed = try Testbed()
        try testbed.add(fixture: "ftdi-adapter")
        let (passed, checks) = run(doctor())
        XCTAssertFalse(passed)
        let bridge = try XCTUnwrap(checks.first { $0.title == "bridge" })
        XCTAssertTrue(bridge.failed)
        XCTAssertTrue(bridge.fix?.contains("plug the dongle straight into this machine") ?? false, bridge.description)
        // One cause, one ✘: what could not be checked without a bridge is marked "–", as `check` marks skipped cases.
        let notChecked = checks.drop { $0.title != "bridge" }.dropFirst()
        XCTAssertEqual(notChecked.map(\.title), ["permission", "ModemManager", "port lock", "BRIDGE:INFO", "GripFit"])
        XCTAssertTrue(
            notChecked.allSatisfy { $0.outcome == .skipped && $0.description.hasPrefix("– ") && $0.fix == nil },
            checks.map(\.description).joined(separator: "\n")
        )
        XCTAssertFalse(checks.contains { $0.description.contains("gripfit-serial doctor") }, "no advice to run doctor inside doctor")
    }

    /// Any USB serial device is listed, with whatever serial number it gives: escaped once, so
    /// `doctor` prints it neither raw nor with its escapes escaped again.
    func testAHostileSerialNumberIsEscapedOnce() throws {
        let testbed = try Testbed()
        let hostile = "A1\u{1B}]52;c;aGk=\u{7}"
        try testbed.add(
            fixture: "ftdi-adapter",
            replacing: [("SHORT=A10KZP3Q", "SHORT=\(hostile)"), ("A: serial=A10KZP3Q", "A: serial=\(hostile)")]
        )
        let (_, checks) = run(doctor())
        let bridge = try XCTUnwrap(checks.first { $0.title == "bridge" })
        XCTAssertTrue(bridge.description.contains("serial A1\\x1B]52;c;aGk=\\x07"), bridge.description)
        XCTAssertFalse(bridge.description.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
    }
}
