import Foundation
import GRDB
import Glibc
import GripFitOutput
import Testing

/// Hostile files, odd options and damaged histories through the real binary (issue 12): each one
/// gets a message and its documented exit code, never a trap, never a silent exit 0.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct HostileInputTests {
    static let header =
        "device,started_at,firmware,label,hand,protocol,trial,calibration_offset,calibration_counts_per_kg,"
        + "calibration_date,calibration_mass_kg,threshold,kind,time_s,end_s,raw,force,unit"

    /// A CSV import file of one uncalibrated session per start time, three squeezes each.
    static func csv(starts: [String], label: String = "plain", calibration: String = ",,,", firmware: String = "1.0") -> String {
        var lines = [header]
        for start in starts {
            for step in 0..<40 {
                let raw = 834_000 + (step % 10 >= 3 && step % 10 < 7 ? 400_000 : 0)
                let time = String(format: "%d.%06d", step / 10, (step % 10) * 100_000)
                lines.append(
                    "usb:TEST,\(start),\(firmware),\(label),right,,,\(calibration),80000,sample,\(time),,\(raw),\(raw),raw"
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func write(_ text: String, _ path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// No trap, no raw NSError, and the exit code asked for.
    static func expectClean(
        _ result: CLIProcess.Result,
        _ status: Int32,
        _ message: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Error Domain"), sourceLocation: sourceLocation)
        if let message { #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation) }
    }

    /// The tests here parse refused command lines and read refused files in-process (no launch
    /// per value). The binary answers each the same, byte for byte: one of each kind through it.
    @Test func theBinaryAnswersAsTheInProcessParseAndImport() throws {
        let cli = BuiltBinary()
        for arguments in [
            ["monitor", "--port", "/nonexistent", "--duration", "inf"],
            ["rate", "-5"],
            ["calibrate", "--port", "/nonexistent", "--mass", "5"],
            ["record", "--port", "/nonexistent", "--protocol", "standard", "--rest", "-1"],
            ["history", "--limit", "-3"],
            ["history", "--since", "2026-12-01", "--until", "2026-11-01"],
            ["history", "--since", "yesterday"],
            ["moniter"],
        ] {
            let binary = try cli.run(arguments)
            let inProcess = InProcessParse.run(arguments)
            #expect(binary.status == 64 && binary.status == inProcess.status, "\(arguments): \(binary.stderr)")
            #expect(binary.stderr == inProcess.stderr, "\(arguments)")
        }
        let notes = cli.home + "/notes.json"
        try Self.write("just some notes\n", notes)
        for path in [notes, cli.home] {
            let binary = try cli.run("import", path)
            let inProcess = InProcessImport.run(path)
            #expect(binary.status == inProcess.status && [65, 66].contains(binary.status), "\(path): \(binary.stderr)")
            #expect(binary.stderr == inProcess.stderr, "\(path)")
        }
    }

    // MARK: - Class 1 and 6: numbers from options

    @Test func timeOptionsOutOfRangeAreUsageErrorsNeverTraps() throws {
        let cli = BuiltBinary()
        // Every option with one value, every value through one option: each is read by one
        // `SecondsOption` parser, and a parse costs a debug build's validation of the whole tree.
        let options = [
            { (value: String) in ["monitor", "--port", "/nonexistent", "--duration", value] },
            { value in ["record", "--port", "/nonexistent", "--duration", value] },
            { value in ["record", "--port", "/nonexistent", "--protocol", "standard", "--rest", value] },
            { value in ["ping", "--port", "/nonexistent", "--timeout", value] },
            { value in ["calibrate", "--port", "/nonexistent", "--mass", "10kg", "--timeout", value] },
            { value in ["doctor", "--timeout", value] },
            { value in ["check", "--port", "/nonexistent", "--duration", value] },
        ]
        let lines = options.map { $0("nan") } + ["inf", "1e10", "-1"].flatMap { value in [options[0](value), options[5](value)] }
        for arguments in lines {
            // Parsed in-process: theBinaryAnswersAsTheInProcessParseAndImport shows the binary says the same.
            let result = InProcessParse.run(arguments)
            Self.expectClean(result, 64, "takes a number of seconds")
            #expect(!result.stderr.contains("Missing value"), "\(arguments)")
        }
    }

    @Test func forcesBeyondAnyLoadCellAreUsageErrors() throws {
        // Parsed in-process: theBinaryAnswersAsTheInProcessParseAndImport takes a refused option
        // through the binary, anInvalidMassSaysWhyAndShowsOneThatWorks --mass.
        Self.expectClean(InProcessParse.run(["monitor", "--simulate", "--load", "1e300kg", "--duration", "1"]), 64, "1e300kg")
        Self.expectClean(InProcessParse.run(["calibrate", "--port", "/nonexistent", "--mass", "1e300kg"]), 64, "1e300kg")
    }

    // MARK: - Issue 25: messages that say what is wrong

    /// argument-parser reads `-5` as an option: each of these said "Missing expected argument" or
    /// "Missing value" instead of the range.
    @Test func negativeNumbersSayTheyAreOutOfRange() throws {
        let cli = BuiltBinary()
        for (arguments, message) in [
            (["rate", "-5"], "must be between 20 and 1000 ms; got -5"),
            (["rate", "-5", "--port", "/nonexistent"], "must be between 20 and 1000 ms; got -5"),
            (["rate", "--simulate", "-5"], "must be between 20 and 1000 ms; got -5"),
            (["show", "--unit", "lb", "-1"], "from 1 up; got -1"),
            (["show", "-1"], "from 1 up; got -1"),
            (["export", "-1"], "from 1 up; got -1"),
            (["plot", "-1", "-o", cli.home + "/p.svg"], "from 1 up; got -1"),
            (
                ["calibrate", "--port", "/nonexistent", "--mass", "-5kg"],
                "'-5kg' is invalid for '--mass <force>': the number "
                    + "must be more than 0"
            ),
            (["record", "--port", "/nonexistent", "--protocol", "standard", "--trials", "-1"], "1 to 5 trials per hand; got -1"),
        ] {
            // Parsed in-process (the same retry behind `--`).
            let result = InProcessParse.run(arguments)
            Self.expectClean(result, 64, message)
            #expect(!result.stderr.contains("Missing"), "\(arguments): \(result.stderr)")
        }
        // An option's own negative value still gets that option's message.
        let duration = InProcessParse.run(["monitor", "--port", "/nonexistent", "--duration", "-1"])
        Self.expectClean(duration, 64, "--duration takes a number of seconds")
    }

    @Test func anInvalidMassSaysWhyAndShowsOneThatWorks() throws {
        let cli = BuiltBinary()
        for (mass, reason) in [
            ("5", "has no unit"), ("5stone", "unit must be kg, lb or N"), ("heavy", "no number before the unit"),
            ("kg", "no number before the unit"), ("0kg", "more than 0"), ("1e300kg", "at most 1000000"),
        ] {
            let arguments = ["calibrate", "--port", "/nonexistent", "--mass", mass]
            let result = InProcessParse.run(arguments)
            Self.expectClean(result, 64, "'\(mass)' is invalid for '--mass <force>': ")
            #expect(result.stderr.contains(reason), "\(mass): \(result.stderr)")
            #expect(result.stderr.contains("e.g. --mass 5kg"), "\(result.stderr)")
        }
    }

    /// One range, stated the same way for a value below it and above it.
    @Test func restStatesOneRangeBothWays() throws {
        let cli = BuiltBinary()
        for value in ["-1", "99999", "inf"] {
            let arguments = ["record", "--port", "/nonexistent", "--protocol", "standard", "--rest", value]
            let result = InProcessParse.run(arguments)
            Self.expectClean(result, 64, "'\(value)' is invalid for '--rest <rest>': --rest takes a number of seconds from 0 to 3600.")
        }
    }

    /// A file that is not an export is named, with the kind of file expected and the problem in
    /// words: never the CSV header for a `.json`, never Foundation's DecodingError.
    @Test func importOfANonExportNamesTheFileAndThePlainProblem() throws {
        let cli = BuiltBinary()
        for (name, content, problem) in [
            ("notes.json", "just some notes\n", "not a JSON export: it does not start with `{`"),
            ("broken.json", "{\"format\": ", "not a gripfit JSON export: it is not valid JSON"),
            ("other.json", "{\"name\": \"x\"}", "it has no \"format\" field"),
            ("other.json", "{\"format\": \"gripfit-sessions\", \"version\": 1, \"sessions\": 3}", "sessions is not a list"),
            ("old.json", "{\"format\": \"gripfit-sessions\", \"version\": 2, \"sessions\": []}", "version 2"),
            ("notes.txt", "just some notes\n", "line 1: not the header of a CSV export"),
            ("empty.csv", "\n", "the file is empty"),
        ] {
            let path = cli.home + "/" + name
            try Self.write(content, path)
            // Read and parsed in-process: theBinaryAnswersAsTheInProcessParseAndImport shows the binary says the same.
            let result = InProcessImport.run(path)
            Self.expectClean(result, 65, "gripfit-serial: \(path): ")
            #expect(result.stderr.contains(problem), "\(name): \(result.stderr)")
            #expect(result.stderr.contains("written by `gripfit-serial export`"), "\(result.stderr)")
            for raw in ["DecodingError", "codingPath", "CodingKeys", "device,started_at,firmware,label"] {
                #expect(!result.stderr.contains(raw), "\(name): \(result.stderr)")
            }
        }
    }

    @Test func plotRefusesAnOutputThatIsNotSVG() throws {
        let cli = BuiltBinary()
        try cli.importDirectly(Self.csv(starts: ["2026-11-18T11:06:40.000Z"]))
        let png = cli.home + "/x.png"
        Self.expectClean(InProcessParse.run(["plot", "1", "-o", png]), 64, "plot writes SVG")
        #expect(!FileManager.default.fileExists(atPath: png))
        Self.expectClean(cli.inProcess("plot", "1", "-o", cli.home + "/x.SVG"), 0)
    }

    /// A directory or an ordinary file as --port: not a serial device, and where to find one.
    @Test func aPortThatIsNoSerialDeviceSaysSoAndHowToFindOne() throws {
        let cli = BuiltBinary()
        let file = cli.home + "/plain"
        try Self.write("x", file)
        for port in [cli.home, file] {
            // In-process (issue 32): the port's check is the monitor's own.
            let result = InProcessMonitor.run(["--port", port, "--duration", "5"])
            Self.expectClean(result, 64, "\(port): not a serial device")
            #expect(result.stderr.contains("`gripfit-serial list`"), "\(result.stderr)")
        }
    }

    // MARK: - Issue 33: parser messages that say what is wrong

    /// Each said something generic ("Missing value", "invalid", the RFC 3339 form) or passed with
    /// exit 0; each names its problem now, with exit 64.
    @Test func parserMessagesSayWhatIsWrong() throws {
        let cli = BuiltBinary()
        let record = ["record", "--port", "/nonexistent"]
        for (arguments, message) in [
            (["history", "--limit", "-3"], "'-3' is invalid for '--limit <N>': --limit takes a whole number of sessions from 1 up"),
            (["history", "--limit", "many"], "--limit takes a whole number of sessions from 1 up; --all lists every one."),
            (["history", "--since", "2026-12-01", "--until", "2026-11-01"], "--since 2026-12-01 is not before --until 2026-11-01"),
            (["history", "--since", "2026-11-01", "--until", "2026-11-01"], "is not before --until"),
            (["history", "--since", "2026-02-30"], "--since 2026-02-30 is not a time: February 2026 has 28 days."),
            (["history", "--until", "2024-02-30"], "February 2024 has 29 days"),
            (["history", "--until", "2026-13-01"], "there is no month 13"),
            (["history", "--since", "2026-11-01T24:00:00Z"], "there is no hour 24 (hours are 00 to 23)"),
            (
                ["rate", "50.5"],
                "'50.5' is invalid for '<milliseconds>': the sample interval is a whole number of milliseconds from 20 to 1000"
            ),
            (record + ["--protocol", "standard", "--until-release"], "--until-release applies to a single recording"),
            (["show", "A1", "--consistency", "-5"], "--consistency takes a CV in %"),
            (["scan", "--port", "/nonexistent", "--duration", "-1"], "--duration must be more than 0"),
        ] {
            // Parsed in-process: the two the issue saw through the binary go through it in
            // theBinaryAnswersAsTheInProcessParseAndImport.
            let result = InProcessParse.run(arguments)
            Self.expectClean(result, 64, message)
            #expect(!result.stderr.contains("Missing value"), "\(arguments): \(result.stderr)")
        }
    }

    /// A label over 200 characters was cut, and ESC or a bidi override turned into spaces, without a
    /// word, while a subject's note over 500 is refused: a label is refused the same way, nothing recorded.
    @Test func aLabelThatWouldNotBeKeptAsGivenIsRefused() throws {
        let cli = BuiltBinary()
        let long = String(repeating: "x", count: 201)
        Self.expectClean(
            InProcessParse.run(["record", "--simulate", "--duration", "1", "--label", long]),
            64,
            "--label has 201 characters: keep it to 200; nothing was recorded."
        )
        #expect(try cli.historyJSONInProcess().isEmpty)
        for label in ["red\u{1B}[2Jx", "a\u{202E}b", "two\nlines"] {
            Self.expectClean(InProcessParse.run(["record", "--port", "/nonexistent", "--label", label]), 64, "a control character")
        }
        #expect(InProcessParse.run(["record", "--port", "/nonexistent", "--label", String(repeating: "é", count: 200)]).status == -1)
    }

    /// A mistyped option got "Did you mean"; a mistyped command did not.
    @Test func aMistypedCommandGetsTheClosestOne() throws {
        let cli = BuiltBinary()
        Self.expectClean(InProcessParse.run(["moniter"]), 64, "Error: Unknown command 'moniter'. Did you mean 'monitor'?")
        for (arguments, message) in [
            (["histroy"], "Unknown command 'histroy'. Did you mean 'history'?"),
            (["history", "synk"], "Unknown command 'synk'. Did you mean 'sync'?"),
            (["subject", "ad", "P1"], "Unknown command 'ad'. Did you mean 'add'?"),
        ] {
            let result = InProcessParse.run(arguments)
            Self.expectClean(result, 64, message)
            #expect(result.stderr.contains("Usage: gripfit-serial"), "\(result.stderr)")
        }
        // Nothing close: argument-parser's own words stay.
        Self.expectClean(InProcessParse.run(["xyzzyplugh"]), 64, "Unexpected argument 'xyzzyplugh'")
    }

    // MARK: - Class 3: dates

    @Test func sinceIsStrictRFC3339() throws {
        let cli = BuiltBinary()
        for since in [
            "2026-11-01T00:00:00." + String(repeating: "1", count: 100_000) + "Z", "2026-11-01junk",
            "2026-11-01T00:00:00Zjunk", "2026-02-30", "yesterday",
        ] {
            // Parsed in-process (`validate()` refuses them).
            Self.expectClean(InProcessParse.run(["history", "--since", since]), 64, "RFC 3339")
        }
        Self.expectClean(cli.inProcess("history", "--since", "2026-11-01T09:00:00.123456789+01:00"), 0)
    }

    @Test func importRejectsBadStartTimesAndYear0000RoundTrips() throws {
        let cli = BuiltBinary()
        let file = cli.home + "/in.csv"
        let longFraction = "2026-11-18T11:06:40." + String(repeating: "9", count: 50_000) + "Z"
        for start in [longFraction, "2026-11-18T11:06:40Zjunk", "2026-11-18T11:06:40"] {
            try Self.write(Self.csv(starts: [start]), file)
            // Read and parsed in-process, as the round trip below (theBinaryAnswersAsTheInProcessParseAndImport
            // takes import through the binary, RecordCommandTests export).
            let result = InProcessImport.run(file)
            Self.expectClean(result, 65, "is not an RFC 3339 time")
        }
        try Self.write(Self.csv(starts: ["0000-01-01T00:00:00.000Z"]), file)
        Self.expectClean(cli.runInProcess("import", file), 0)
        for format in ["json", "csv"] {
            let export = cli.home + "/out.\(format)"
            Self.expectClean(cli.runInProcess("export", "1", "--format", format, "-o", export), 0)
            #expect(try String(contentsOfFile: export, encoding: .utf8).contains("0000-01-01T00:00:00.000Z"))
            let again = cli.runInProcess("import", export)
            Self.expectClean(again, 0)
            #expect(again.stdout == "imported 0 sessions, skipped 1 already in the history\n")
        }
    }

    // MARK: - Class 1 and 4: numbers from files

    @Test func hostileNumbersInImportFilesAreRefusedNotTrapped() throws {
        let cli = BuiltBinary()
        let file = cli.home + "/in.csv"
        var huge = Self.csv(starts: ["2026-11-18T11:06:40.000Z"])
        huge = huge.replacingOccurrences(of: ",sample,1.000000,", with: ",sample,9223372036854.775808,")
        try Self.write(huge, file)
        Self.expectClean(cli.runInProcess("import", file), 65, "time_s is not a number")

        for calibration in ["-inf,20000,2026-11-22,10", "1000,inf,2026-11-22,10", "1000,1e-300,2026-11-22,10", "nan,20000,,"] {
            try Self.write(Self.csv(starts: ["2026-11-18T11:06:40.000Z"], calibration: calibration), file)
            Self.expectClean(InProcessImport.run(file), 65, "calibration must be finite")
        }
        // In-process from here: RecordCommandTests and HistoryOutputTests take these commands through the binary.
        let history = cli.inProcess("history")
        Self.expectClean(history, 0)
        #expect(!history.stdout.contains("inf"))

        // The largest time that fits is taken, and everything downstream copes with it.
        var edge = Self.csv(starts: ["2026-11-18T11:06:40.000Z"])
        edge = edge.replacingOccurrences(of: ",sample,1.000000,", with: ",sample,9223372036854.775807,")
        try Self.write(edge, file)
        Self.expectClean(cli.runInProcess("import", file), 0)
        Self.expectClean(cli.inProcess("show", "1"), 0)
        Self.expectClean(cli.inProcess("export", "--all", "--format", "json", "-o", cli.home + "/all.json"), 0)
        Self.expectClean(cli.inProcess("plot", "1", "-o", cli.home + "/p.svg"), 0)
    }

    @Test func aDirectoryOrAnUnreadableFileIsNamed() throws {
        let cli = BuiltBinary()
        // Read in-process: theBinaryAnswersAsTheInProcessParseAndImport takes a directory through the binary.
        Self.expectClean(InProcessImport.run(cli.home), 66, "is a directory")
        Self.expectClean(InProcessImport.run(cli.home + "/missing.json"), 66, "No such file or directory")
    }

    // MARK: - Class 6: destinations checked first

    @Test func unwritableDestinationsFailUpFrontWith73() throws {
        let cli = BuiltBinary()
        try cli.importDirectly(Self.csv(starts: ["2026-11-18T11:06:40.000Z"]))
        let directory = cli.home + "/plots.svg"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (destination, plot) in [
            ("/nonexistent-dir/out.json", "/nonexistent-dir/out.svg"), (cli.home, directory), ("/proc/version", "/proc/version.svg"),
        ] {
            // In-process (issue 32): each command's run checks its destination before anything else.
            Self.expectClean(cli.runInProcess("export", "--all", "-o", destination), 73, destination)
            Self.expectClean(cli.runInProcess("plot", "1", "-o", plot), 73, plot)
        }
        // check fails before it looks for a dongle: the missing port would say 69.
        Self.expectClean(InProcessCheck.run(["--port", "/nonexistent", "--junit", "/nonexistent-dir/j.xml"]), 73, "/nonexistent-dir/j.xml")
        Self.expectClean(InProcessCheck.run(["--port", "/nonexistent", "--json", cli.home]), 73, "is a directory")
    }

    @Test func aDataDirectoryThatCannotBeCreatedIsNamed() throws {
        let result = BuiltBinary().runInProcess(["history"], extra: ["XDG_DATA_HOME": "/proc/self/gripfit-none"])
        Self.expectClean(result, 73, "/proc/self/gripfit-none")
        #expect(result.stderr.contains("cannot create the directory"))
    }

    // MARK: - Class 5: injection

    @Test func deviceAndImportedTextIsEscapedPerFormat() throws {
        let cli = BuiltBinary()
        let file = cli.home + "/in.csv"
        // A label that is a formula, one whose comma and `<` carry a combining mark, one with a bidi override.
        let labels = ["=HYPERLINK(\"\"http://x\"\")", "\"a,\u{301}b <\u{301}svg onload=x>\"", "abc\u{202E}fed"]
        let starts = ["2026-11-18T11:06:40.000Z", "2026-11-18T11:07:40.000Z", "2026-11-18T11:08:40.000Z"]
        var text = Self.header + "\n"
        for (label, start) in zip(labels, starts) {
            let row = Self.csv(starts: [start], label: label, firmware: "+1").split(separator: "\n").dropFirst()
            text += row.joined(separator: "\n") + "\n"
        }
        try Self.write(text, file)
        // In-process (issue 32): theBinaryAnswersAsTheInProcessParseAndImport imports through the binary.
        Self.expectClean(cli.runInProcess("import", file), 0)

        let export = cli.inProcess("export", "--all", "--format", "csv")
        Self.expectClean(export, 0)
        for line in export.stdout.split(separator: "\n").dropFirst() {
            let fields = try #require(CSVLine.split(line))
            #expect(fields.count == 24, "the tags and the station follow bridge_version")
            #expect(fields[18] == "", "a file without bridge_version imports without one")
            #expect(fields[2] == "'+1", "firmware guarded")
            #expect(!fields[3].hasPrefix("="), "label guarded")
        }
        #expect(export.stdout.contains("'=HYPERLINK"))
        let reimported = cli.home + "/again.csv"
        try Self.write(export.stdout, reimported)
        #expect(cli.runInProcess("import", reimported).stdout == "imported 0 sessions, skipped 3 already in the history\n")

        // Cleaned on the way in: the override never reaches the store or the terminal.
        let history = cli.inProcess("history")
        #expect(!history.stdout.unicodeScalars.contains("\u{202E}"))

        let svg = cli.home + "/p.svg"
        Self.expectClean(cli.inProcess("plot", "2", "-o", svg), 0)
        let plot = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(plot.contains("&lt;\u{301}svg onload=x&gt;"))
        #expect(!plot.unicodeScalars.split(separator: "<").contains { String($0).hasPrefix("\u{301}svg") })
    }

    // MARK: - Class 7: privacy

    @Test func historyExportsAndPlotsArePrivateWhateverTheUmask() throws {
        let cli = BuiltBinary()
        let file = cli.home + "/in.csv"
        try Self.write(Self.csv(starts: ["2026-11-18T11:06:40.000Z"]), file)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = cli.dataHome
        environment["XDG_CONFIG_HOME"] = cli.configHome
        let umask = ["/bin/sh", "-c", "umask 000; exec \"$0\" \"$@\""]
        for arguments in [["import", file], ["export", "1", "-o", cli.home + "/e.json"], ["plot", "1", "-o", cli.home + "/p.svg"]] {
            let (process, out, err) = try CLIProcess.start(arguments, prefix: umask, environment: environment)
            Self.expectClean(CLIProcess.finish(process, out, err), 0)
        }
        func mode(_ path: String) -> mode_t {
            var status = stat()
            return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
        }
        #expect(mode(cli.dataHome + "/gripfit") == 0o700)
        #expect(mode(cli.dataHome + "/gripfit/history.sqlite") == 0o600)
        #expect(mode(cli.home + "/e.json") == 0o600)
        #expect(mode(cli.home + "/p.svg") == 0o600)
    }

    // MARK: - Class 6: signals

    @Test func ctrlCBeforeTheFirstReadingExits130() throws {
        let cli = BuiltBinary()
        let (process, out, err) = try cli.start(["record", "--simulate", "--fault", "not-ready", "--log-level", "debug"])
        cli.watchdog(process, seconds: 60)
        // Connected, and the GripFit has said it is not ready: no reading will come.
        let said = PipeReader.text(of: err, until: "state=error(sensorNotReady)", before: .now + .seconds(50))
        kill(process.processIdentifier, SIGINT)
        var result = cli.finish(process, out, err)
        result.stderr = said + result.stderr
        Self.expectClean(result, 130, "interrupted")
        #expect(!result.stderr.contains("streaming"))
    }
}
