import Foundation
import GripFitRecords
import GripFitStore
import Testing

/// Issue 9, points 6–8 and 11: what `history`, `show` and `plot` say about stored sessions, saved
/// through the store as `record --simulate` saves them (RecordCommandTests records through the binary).
/// Most looks run the commands in-process; the binary shows each of them in a time zone of its own.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct HistoryOutputTests {
    /// One uncalibrated session with 10 kg on the handle, then a calibration of the same GripFit.
    static func calibratedLater() throws -> BuiltBinary {
        let cli = BuiltBinary()
        try cli.recordLikeTheSimulator(kilograms: 10, seconds: 1, label: "before, \"calibration\"")
        try cli.calibrateLikeTheSimulator()
        return cli
    }

    /// A session without reps has no mean inside reps: the table says `-`, not 0.
    @Test func aSessionWithoutRepsShowsNoMean() throws {
        let cli = BuiltBinary()
        try cli.recordLikeTheSimulator(kilograms: 0, seconds: 2)
        let history = cli.inProcess("history")
        let row = try #require(history.stdout.split(separator: "\n").dropFirst().first.map(String.init), "\(history.stdout)")
        #expect(row.range(of: #"raw\s+-\s+0\s+2\.0 s"#, options: .regularExpression) != nil, "\(history.stdout)")
    }

    @Test func aSessionRecordedBeforeCalibrationIsShownWithTheLaterCalibration() throws {
        let cli = try Self.calibratedLater()
        let session = try #require(try cli.historyJSONInProcess().first)
        #expect(session["unit"] as? String == "kg")
        #expect(session["calibration"] as? String == "later")
        #expect(abs((session["peak"] as? Double ?? 0) - 10) <= 0.1, "\(session)")
        #expect(session["calibration_date"] as? String != nil)

        let show = cli.inProcess("show", "1")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("none when recorded; shown with this device's calibration of"))
        #expect(show.stdout.contains("peak         10.0"), "\(show.stdout)")

        let table = cli.inProcess("history")
        #expect(table.stdout.contains("* recorded uncalibrated; shown with the device's calibration of"))
        #expect(table.lines.allSatisfy { $0.count <= 80 }, "the note fits 80 columns too: \(table.stdout)")

        let plot = cli.inProcess("plot", "1", "--unit", "kg", "-o", "-")
        #expect(plot.status == 0, "\(plot.stderr)")
        #expect(plot.stdout.hasPrefix("<?xml") || plot.stdout.hasPrefix("<svg"), "the SVG on stdout")
        #expect(plot.stdout.contains("made after recording"))
        #expect(plot.stdout.hasSuffix("</svg>\n") || plot.stdout.hasSuffix("</svg>"))
    }

    @Test func csvHasOneRowPerSessionWithUnitsInTheHeader() throws {
        let cli = try Self.calibratedLater()
        try cli.recordLikeTheSimulator(kilograms: 20, seconds: 1, hand: .left)
        let csv = cli.inProcess("history", "--format", "csv", "--unit", "lb")
        #expect(csv.status == 0, "\(csv.stderr)")
        let lines = csv.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(
            lines.first
                == "id,start,device,firmware,bridge,hand,label,protocol,trial,unit,peak_lb,mean_lb,time_to_peak_s,"
                + "peak_rfd_lb_per_s,impulse_lb_s,reps,duration_s,calibration,peak_raw,subject,assessment,attempt,flag,station"
        )
        #expect(lines.count == 3, "a header and one row per session: \(lines)")
        let newest = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(newest.count == 24)
        #expect(newest[0] == "2")
        #expect(newest[1].hasSuffix("Z"), "RFC 3339 UTC: \(newest[1])")
        #expect(newest[2] == "ble:C0:FF:EE:00:00:01")
        #expect(newest[3] == "1.0" && newest[4] == "1.0.0-sim")
        #expect(newest[5] == "left")
        #expect(newest[9] == "lb")
        #expect(abs((Double(newest[10]) ?? 0) - 44.09) <= 0.3, "20 kg in lb: \(newest[10])")
        #expect(newest[17] == "recorded")
        #expect(lines[2].contains("\"before, \"\"calibration\"\"\""), "the label quoted per RFC 4180: \(lines[2])")
        #expect(lines[2].contains(",later,"))
    }

    /// Through the binary, in India's time zone; its `history` piped without COLUMNS fits 80 columns
    /// (``theTableFitsTheTerminal`` tries other widths in-process).
    @Test func peopleGetLocalTimesAndMachinesGetUTC() throws {
        let cli = BuiltBinary()
        try cli.recordLikeTheSimulator(seconds: 0.5, label: String(repeating: "a long label ", count: 10))
        let india = ["TZ": "Asia/Kolkata"]
        var environment = cli.environment.merging(india) { $1 }
        environment["COLUMNS"] = nil
        let (process, out, err) = try CLIProcess.start(["history"], environment: environment)
        let table = CLIProcess.finish(process, out, err)
        #expect(table.stdout.contains(" +05:30"), "\(table.stdout)")
        #expect(table.lines.count == 2 && table.lines.allSatisfy { $0.count <= 80 }, "\(table.lines)")
        #expect(table.lines.first?.hasPrefix("id  date") == true && table.lines.last?.hasSuffix("…") == true, "\(table.lines)")
        let show = try cli.run(["show", "1"], extra: india)
        #expect(show.stdout.contains(" +05:30"), "\(show.stdout)")
        let plot = try cli.run(["plot", "1", "-o", "-"], extra: india)
        #expect(plot.stdout.contains(" +05:30"))
        let json = try cli.run(["history", "--json"], extra: india)
        #expect(json.stdout.contains(#"Z","device""#), "\(json.stdout)")
        let csv = try cli.run(["history", "--format", "csv"], extra: india)
        #expect(!csv.stdout.contains("+05:30"))
    }

    @Test func aFutureSinceSaysSoWhenOtherSessionsExist() throws {
        let cli = BuiltBinary()
        #expect(cli.inProcess("history").stdout.contains("No sessions yet"))
        try cli.recordLikeTheSimulator(seconds: 0.5)
        // In-process (issue 32), in the test process's time zone: peopleGetLocalTimesAndMachinesGetUTC tries TZ.
        let future = cli.inProcess("history", "--since", "2099-01-01")
        #expect(future.status == 0)
        #expect(future.stdout.contains("No sessions since 2099-01-01 00:00:00 "), "\(future.stdout)")
        #expect(future.stdout.contains(" (that is in the future)"), "\(future.stdout)")
    }

    /// Issue 25: a device with no sessions is not "No sessions yet" when others have some.
    @Test func anUnknownDeviceSaysSoAndNamesTheDevicesThereAre() throws {
        let cli = BuiltBinary()
        try cli.recordLikeTheSimulator(seconds: 0.5)
        let result = cli.inProcess("history", "--device", "nosuch")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("No sessions yet"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "No sessions for device nosuch. The history holds 1 session, of these devices: ble:C0:FF:EE:00:00:01 (1)."
            ),
            "\(result.stdout)"
        )
        #expect(cli.inProcess("history", "--device", "ble:C0:FF:EE:00:00:01").stdout.contains("label"))
    }

    /// Issue 25: the table fits the terminal (80 columns when not one), the label cut with "…",
    /// lower-priority columns dropped on narrower ones.
    /// CJK characters take two columns each: a label of them is cut by width, not by count.
    @Test func aWideCharacterLabelIsCutToTheColumns() throws {
        let cli = BuiltBinary()
        let label = String(repeating: "握力測定", count: 15)
        try cli.recordLikeTheSimulator(kilograms: 10, seconds: 0.5, label: label)
        let history = cli.inProcess("history")
        #expect(history.status == 0, "\(history.stderr)")
        func columns(_ line: String) -> Int {
            line.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 && !(0x2000..<0x2600).contains($1.value) ? 2 : 1) }
        }
        #expect(history.lines.allSatisfy { columns($0) <= 80 }, "\(history.lines.map { ($0, columns($0)) })")
        #expect(history.lines.last?.hasSuffix("…") == true, "\(history.lines)")
    }

    @Test func theTableFitsTheTerminal() throws {
        let cli = BuiltBinary()
        let label = String(repeating: "a long label ", count: 10)
        try cli.recordLikeTheSimulator(kilograms: 10, seconds: 0.5, label: label)
        // In-process at 80, 300 and 50 columns (issue 32): peopleGetLocalTimesAndMachinesGetUTC pipes
        // the binary's table without COLUMNS (80 columns).
        func table(_ columns: Int) throws -> [String] {
            let result = cli.inProcess("history", "--unit", "N", columns: columns)
            #expect(result.status == 0, "\(result.stderr)")
            return result.lines
        }
        let piped = try table(80)
        #expect(piped.count == 2, "\(piped)")
        #expect(piped.allSatisfy { $0.count <= 80 }, "\(piped)")
        #expect(piped[0].hasPrefix("id  date") && piped[0].contains("peak") && piped[0].hasSuffix("label"), "\(piped)")
        #expect(piped[1].hasSuffix("…"), "the label cut: \(piped[1])")

        let wide = try table(300)
        #expect(
            wide[1].contains(label.trimmingCharacters(in: .whitespaces)) && !wide[1].contains("…"),
            "all of it on a wide terminal: \(wide)"
        )
        #expect(wide[0].contains("mean") && wide[0].contains("duration"))

        let narrow = try table(50)
        #expect(narrow.allSatisfy { $0.count <= 50 }, "\(narrow)")
        #expect(narrow[0].contains("peak") && !narrow[0].contains("mean"), "\(narrow)")
    }
}
