import Foundation
import Glibc
import GripFitSimulator
import Testing

/// Issue 9, point 1: a tare moves the zero, never the scale, whichever command tares and
/// whether the GripFit was power-cycled in between. One tare and one calibration go through the
/// binary; the other commands run in-process on the test's virtual dongle (``InProcessCommand``,
/// ``InProcessRunning``).
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct TareCalibrationTests {
    /// A virtual dongle run by the test, `kilograms` hanging from its handle: the test changes the
    /// load or power-cycles the GripFit after what it waits for, never at a guessed second (issue 32).
    static func dongle(holding kilograms: Double) throws -> VirtualDongle {
        var options = SimulatorOptions()
        options.load = .constant(kilograms: kilograms)
        let dongle = try VirtualDongle(options: options)
        dongle.start()
        return dongle
    }

    /// The next `count` kg readings a running `monitor --unit kg --format jsonl` prints, from the
    /// first that satisfies `from`; fewer if the monitor stopped or a minute passed (a hang).
    static func kilograms(_ monitor: InProcessRunning, count: Int, from first: (Double) -> Bool = { _ in true }) -> [Double] {
        let deadline = Date(timeIntervalSinceNow: 60)
        var forces: [Double] = []
        while forces.count < count, let line = monitor.nextLine(before: deadline) {
            guard let event = try? Event(line), event.kind == "reading", event["unit"] as? String == "kg",
                let force = event["force"] as? Double, !forces.isEmpty || first(force)
            else { continue }
            forces.append(force)
        }
        return forces
    }

    /// Reads a running command's lines (its `nextLine(before:)`) up to and including the first that contains `text`.
    static func skip(_ nextLine: (Date) -> String?, past text: String) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 60)
        while let line = nextLine(deadline) {
            if line.contains(text) { return true }
        }
        return false
    }

    /// `count` readings, each `expected` ± 0.1 kg.
    static func expect(
        _ forces: [Double],
        read expected: Double,
        count: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(forces.count == count, "\(forces.count) of \(count) readings", sourceLocation: sourceLocation)
        #expect(forces.allSatisfy { abs($0 - expected) <= 0.1 }, "\(forces)", sourceLocation: sourceLocation)
    }

    static func tare(_ cli: BuiltBinary, _ dongle: VirtualDongle, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let tare = cli.runInProcess("tare", "--port", dongle.path)
        #expect(tare.status == 0, "\(tare.stdout)\(tare.stderr)", sourceLocation: sourceLocation)
    }

    static func calibrated() throws -> BuiltBinary {
        let cli = BuiltBinary()
        try cli.calibrateLikeTheSimulator()
        return cli
    }

    /// Calibrating a tared GripFit records 0 counts as its zero, which is wrong after a power cycle:
    /// said, not silent. Its tare and calibration are `tare`'s and `calibrate`'s end-to-end paths
    /// through the binary.
    @Test func calibratingATaredGripFitWarns() throws {
        let cli = BuiltBinary()
        let dongle = try Self.dongle(holding: 0)
        defer { dongle.stop() }
        let tare = try cli.run("tare", "--port", dongle.path)
        #expect(tare.status == 0 && tare.stdout == "tared\n", "\(tare.stdout)\(tare.stderr)")
        let calibrate = try cli.running(["calibrate", "--port", dongle.path, "--mass", "10kg"])
        #expect(Self.skip(calibrate.nextLine(before:), past: "Step 2/2"), "calibrate asks for the mass")
        dongle.setLoad(.constant(kilograms: 10))
        let finished = calibrate.wait()
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stderr.contains("as on a tared GripFit"), "\(finished.stderr)")
        let untared = cli.runInProcess("calibrate", "--simulate", "--mass", "10kg")
        #expect(untared.status == 0 && !untared.stderr.contains("tared"), "\(untared.stderr)")
    }

    /// The issue's acceptance case: tare at rest, then 10 kg on the handle reads 10 kg.
    @Test func aTareAtRestKeepsTheCalibrationsScale() throws {
        let cli = try Self.calibrated()
        let dongle = try Self.dongle(holding: 0)
        defer { dongle.stop() }
        try Self.tare(cli, dongle)
        let monitor = try InProcessRunning(["monitor", "--port", dongle.path, "--unit", "kg", "--format", "jsonl"], in: cli)
        Self.expect(Self.kilograms(monitor, count: 20), read: 0, count: 20)
        dongle.setLoad(.constant(kilograms: 10))
        // Readings taken before the mass hung may still be in the pipe: from the first that felt it.
        Self.expect(Self.kilograms(monitor, count: 20) { $0 > 5 }, read: 10, count: 20)
        #expect(monitor.stop().status == 0)
    }

    /// Tared with 10 kg on the handle: net weight 0; after a power cycle the GripFit has forgotten
    /// its tare and the same 10 kg reads 10 kg again.
    @Test func aTareUnderLoadReadsNetAndAPowerCycleReadsGross() throws {
        let cli = try Self.calibrated()
        let dongle = try Self.dongle(holding: 10)
        defer { dongle.stop() }
        try Self.tare(cli, dongle)
        let monitor = try InProcessRunning(["monitor", "--port", dongle.path, "--unit", "kg", "--format", "jsonl"], in: cli)
        Self.expect(Self.kilograms(monitor, count: 10), read: 0, count: 10)
        dongle.powerCycle()
        #expect(Self.skip(monitor.nextLine(before:), past: "\"reason\":\"0x08\""), "the power cycle dropped the link")
        Self.expect(Self.kilograms(monitor, count: 10), read: 10, count: 10)
        #expect(monitor.stop().status == 0)
    }

    /// A recording after a tare at rest stores kilograms against the tared zero (10 kg hung after
    /// the tare): its peak is 10 kg.
    @Test func aRecordingAfterATareAtRestStoresTheRightKilograms() throws {
        let cli = try Self.calibrated()
        let dongle = try Self.dongle(holding: 0)
        defer { dongle.stop() }
        try Self.tare(cli, dongle)
        dongle.setLoad(.constant(kilograms: 10))
        let record = cli.runInProcess("record", "--port", dongle.path, "--duration", "1")
        #expect(record.status == 0, "\(record.stderr)")
        let session = try #require(try cli.historyJSONInProcess().first)
        #expect(session["unit"] as? String == "kg")
        #expect(abs((session["peak"] as? Double ?? 0) - 10) <= 0.1, "\(session)")
    }

    /// One tared under 10 kg, then power-cycled mid-recording, keeps one zero in its trace, so it
    /// reads 0 kg net before the power cycle and 10 kg after, never 51.7 kg.
    @Test func aRecordingPowerCycledAfterATareUnderLoadKeepsOneZero() throws {
        let cli = try Self.calibrated()
        let dongle = try Self.dongle(holding: 10)
        defer { dongle.stop() }
        try Self.tare(cli, dongle)
        let before = dongle.statistics.readingsDelivered
        let recording = try InProcessRunning(["record", "--port", dongle.path], in: cli)
        let tared = dongle.statistics(before: .now + .seconds(60)) { $0.readingsDelivered >= before + 10 }
        #expect(tared != nil, "ten readings before the power cycle")
        dongle.powerCycle()
        let after = (tared?.readingsDelivered ?? before) + 20
        #expect(dongle.statistics(before: .now + .seconds(60)) { $0.readingsDelivered >= after } != nil, "twenty after it")
        let record = recording.stop()
        #expect(record.status == 0, "\(record.stderr)")
        let session = try #require(try cli.historyJSONInProcess().first)
        #expect(session["unit"] as? String == "kg")
        #expect(abs((session["peak"] as? Double ?? 0) - 10) <= 0.1, "\(session)")
    }

    @Test func loadScheduleOptionsAreChecked() {
        // Parsed in-process: HostileInputTests take refused lines through the binary.
        for bad in ["10", "10kg@", "10kg@-1", "-3kg@1", "kg@1"] {
            #expect(InProcessParse.run(["simulate", "--load", bad]).status == 64, "\(bad)")
        }
        #expect(InProcessParse.run(["simulate", "--power-cycle", "-1"]).status == 64)
        #expect(InProcessParse.run(["monitor", "--power-cycle", "2"]).status == 64)
    }
}
