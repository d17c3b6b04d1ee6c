import Foundation
import GripFitRecords
import GripFitStore
import Testing

/// Subjects and assessments: the documented exit codes (in-process, see ``InProcessCommand``), and
/// through the real binary an erasure that leaves nothing in the file and its confirmation on a
/// terminal (the acceptance run with known loads is in ClinicalAcceptanceTests).
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct SubjectCommandTests {
    @Test func badSubjectsGetClearMessagesAndTheDocumentedExitCodes() throws {
        let cli = BuiltBinary()
        let add = cli.runInProcess("subject", "add", "P017", "--sex", "female", "--birth-year", "1979", "--dominant", "right")
        #expect(add.status == 0, "\(add.stderr)")
        HostileInputTests.expectClean(cli.runInProcess("subject", "add", "P017"), 65, "subject 'P017' exists already")
        HostileInputTests.expectClean(
            cli.runInProcess("subject", "add", "X1", "--birth-date", "1979-02-30"),
            65,
            "birth date '1979-02-30' is not a day of the calendar"
        )
        HostileInputTests.expectClean(cli.runInProcess("subject", "add", "X1", "--birth-year", "2999"), 65, "birth 2999 is after today")
        HostileInputTests.expectClean(cli.runInProcess("subject", "add", "X1", "--height", "1680"), 65, "give centimetres from 30 to 272")
        HostileInputTests.expectClean(cli.runInProcess("subject", "add", "X1", "--weight", "nan"), 65, "weight")
        HostileInputTests.expectClean(cli.runInProcess("subject", "add", "Anna Smith"), 65, "never a name")
        HostileInputTests.expectClean(
            cli.runInProcess("subject", "add", "X1", "--birth-date", "1979-01-01", "--birth-year", "1979"),
            64,
            "not both"
        )
        HostileInputTests.expectClean(cli.runInProcess("subject", "show", "X1"), 66, "no subject 'X1'")
        HostileInputTests.expectClean(cli.runInProcess("subject", "edit", "P017"), 64, "at least one fact")
        HostileInputTests.expectClean(cli.runInProcess("show", "A7"), 66, "no assessment A7")
        HostileInputTests.expectClean(cli.runInProcess("history", "--subject", "X1"), 66, "no subject 'X1'")
        let list = cli.runInProcess("subject", "list")
        #expect(list.stdout.hasPrefix("P017") && list.stdout.contains("female") && list.stdout.contains("dominant right"))
        let edit = cli.runInProcess("subject", "edit", "P017", "--weight", "64.5")
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(cli.runInProcess("subject", "show", "P017").stdout.contains("weight       64.5 kg"))
    }

    @Test func anUnknownSubjectIsRefusedBeforeAnyReading() throws {
        let cli = BuiltBinary()
        let record = cli.runInProcess("record", "--simulate", "--protocol", "standard", "--subject", "ghost")
        HostileInputTests.expectClean(record, 66, "no subject 'ghost'")
        #expect(!record.stdout.contains("Trial"))
        #expect(try cli.historyJSONInProcess().isEmpty)
    }

    /// Another clinic's F47 is another person: the import is refused with the differing facts
    /// (exit 65) and nothing of the file is written.
    @Test func importingAKnownCodeWithOtherFactsIsRefused() throws {
        let cli = BuiltBinary()
        #expect(cli.runInProcess("subject", "add", "F47", "--sex", "female", "--birth-year", "1979").status == 0)
        #expect(cli.runInProcess("record", "--simulate", "--duration", "1", "--subject", "F47").status == 0)
        let file = cli.home + "/export.json"
        #expect(cli.inProcess("export", "--all", "-o", file).status == 0)
        let clinic = BuiltBinary()
        #expect(clinic.runInProcess("subject", "add", "F47", "--sex", "male", "--birth-year", "1979").status == 0)
        HostileInputTests.expectClean(
            clinic.runInProcess("import", file),
            65,
            "subject 'F47' is in the history with other facts (sex: file female, history male)"
        )
        #expect(try clinic.historyJSONInProcess().isEmpty)
    }

    @Test func forgettingASubjectLeavesNothingOfThemInTheHistoryFile() throws {
        let cli = BuiltBinary()
        let code = "QZX-erase-7"
        #expect(cli.runInProcess("subject", "add", code, "--note", "note-to-erase-3141").status == 0)
        #expect(cli.runInProcess("subject", "add", "KEEP").status == 0)
        try cli.calibrateLikeTheSimulator()
        // A guided run (an assessment owning its attempts), then a plain session of theirs.
        let guided = cli.runInProcess(
            ["record", "--simulate", "--protocol", "standard", "--trials", "1", "--rest", "0", "--subject", code, "--label", "run-\(code)"]
                + ["--speed", "5", "--person", "right=30", "--person", "left=25"]
        )
        #expect(guided.status == 0, "\(guided.stderr)")
        #expect(guided.stdout.contains("saved assessment A1 of \(code)"), "\(guided.stdout)")
        let record = cli.runInProcess("record", "--simulate", "--duration", "2", "--subject", code, "--label", "label-\(code)")
        #expect(record.status == 0, "\(record.stderr)")
        // `subject forget` through the binary: its end-to-end path. The confirmation counts what the delete deletes.
        HostileInputTests.expectClean(try cli.run("subject", "forget", code), 64, "their 3 session(s) and 1 assessment(s) for good")
        let forget = try cli.run("subject", "forget", code, "--yes")
        #expect(forget.status == 0, "\(forget.stderr)")
        #expect(forget.stdout.contains("3 session(s) and 1 assessment(s) deleted"), "\(forget.stdout)")

        let path = XDGPaths(environment: cli.environment).databasePath
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.range(of: Data(code.utf8)) == nil)
        #expect(bytes.range(of: Data("note-to-erase-3141".utf8)) == nil)
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [
            path,
            "SELECT count(*) FROM session; SELECT count(*) FROM subject; SELECT count(*) FROM assessment; PRAGMA freelist_count; "
                + "SELECT coalesce(sum(seq), 0) FROM sqlite_sequence WHERE name IN ('session', 'assessment');",
        ]
        let output = Pipe()
        sqlite.standardOutput = output
        try sqlite.run()
        sqlite.waitUntilExit()
        let counts = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // Nor do the counters say how many sessions and assessments there were.
        #expect(counts == "0\n1\n0\n0\n0\n", "\(counts)")
        HostileInputTests.expectClean(cli.runInProcess("subject", "show", code), 66)
    }

    /// The confirmation takes the code in any case, as every other command does. util-linux's
    /// `script` gives the binary the terminal it asks for and types the answer into it.
    @Test func theForgetConfirmationIsCaseBlind() throws {
        let cli = BuiltBinary()
        #expect(cli.runInProcess("subject", "add", "P017").status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(CLIProcess.binary.path)' subject forget P017", "/dev/null"]
        process.environment = cli.environment
        let (input, out, err) = (Pipe(), Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        input.fileHandleForWriting.write(Data("p017\n".utf8))
        cli.watchdog(process, seconds: 90)
        let result = cli.finish(process, out, err)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("forgot subject P017"), "\(result.stdout)")
        HostileInputTests.expectClean(cli.runInProcess("subject", "show", "P017"), 66)
    }
}
