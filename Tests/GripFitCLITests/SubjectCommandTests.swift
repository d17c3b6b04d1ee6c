import Foundation
import GripFitStore
import Testing

/// Subjects and assessments through the real binary: the documented exit codes and an erasure that
/// leaves nothing in the file (the acceptance run with known loads is in ClinicalAcceptanceTests).
@Suite(.timeLimit(.minutes(5)))
struct SubjectCommandTests {
    @Test func badSubjectsGetClearMessagesAndTheDocumentedExitCodes() throws {
        let cli = BuiltBinary()
        let add = try cli.run("subject", "add", "P017", "--sex", "female", "--birth-year", "1979", "--dominant", "right")
        #expect(add.status == 0, "\(add.stderr)")
        HostileInputTests.expectClean(try cli.run("subject", "add", "P017"), 65, "subject 'P017' exists already")
        HostileInputTests.expectClean(
            try cli.run("subject", "add", "X1", "--birth-date", "1979-02-30"), 65, "birth date '1979-02-30' is not a day of the calendar")
        HostileInputTests.expectClean(try cli.run("subject", "add", "X1", "--birth-year", "2999"), 65, "birth 2999 is after today")
        HostileInputTests.expectClean(try cli.run("subject", "add", "X1", "--height", "1680"), 65, "give centimetres from 30 to 272")
        HostileInputTests.expectClean(try cli.run("subject", "add", "X1", "--weight", "nan"), 65, "weight")
        HostileInputTests.expectClean(try cli.run("subject", "add", "Anna Smith"), 65, "never a name")
        HostileInputTests.expectClean(
            try cli.run("subject", "add", "X1", "--birth-date", "1979-01-01", "--birth-year", "1979"), 64, "not both")
        HostileInputTests.expectClean(try cli.run("subject", "show", "X1"), 66, "no subject 'X1'")
        HostileInputTests.expectClean(try cli.run("subject", "edit", "P017"), 64, "at least one fact")
        HostileInputTests.expectClean(try cli.run("show", "A7"), 66, "no assessment A7")
        HostileInputTests.expectClean(try cli.run("history", "--subject", "X1"), 66, "no subject 'X1'")
        let list = try cli.run("subject", "list")
        #expect(list.stdout.hasPrefix("P017") && list.stdout.contains("female") && list.stdout.contains("dominant right"))
        let edit = try cli.run("subject", "edit", "P017", "--weight", "64.5")
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(try cli.run("subject", "show", "P017").stdout.contains("weight       64.5 kg"))
    }

    @Test func anUnknownSubjectIsRefusedBeforeAnyReading() throws {
        let cli = BuiltBinary()
        let record = try cli.run("record", "--simulate", "--protocol", "standard", "--subject", "ghost")
        HostileInputTests.expectClean(record, 66, "no subject 'ghost'")
        #expect(!record.stdout.contains("Trial"))
        #expect(try cli.historyJSON().isEmpty)
    }

    @Test func forgettingASubjectLeavesNothingOfThemInTheHistoryFile() throws {
        let cli = BuiltBinary()
        let code = "QZX-erase-7"
        #expect(try cli.run("subject", "add", code, "--note", "note-to-erase-3141").status == 0)
        #expect(try cli.run("subject", "add", "KEEP").status == 0)
        let record = try cli.run("record", "--simulate", "--duration", "2", "--subject", code, "--label", "label-\(code)")
        #expect(record.status == 0, "\(record.stderr)")
        HostileInputTests.expectClean(try cli.run("subject", "forget", code), 64, "add --yes to confirm")
        let forget = try cli.run("subject", "forget", code, "--yes")
        #expect(forget.status == 0, "\(forget.stderr)")
        #expect(forget.stdout.contains("1 session(s) and 0 assessment(s) deleted"))

        let path = XDGPaths(environment: cli.environment).databasePath
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.range(of: Data(code.utf8)) == nil)
        #expect(bytes.range(of: Data("note-to-erase-3141".utf8)) == nil)
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [path, "SELECT count(*) FROM session; SELECT count(*) FROM subject; PRAGMA freelist_count;"]
        let output = Pipe()
        sqlite.standardOutput = output
        try sqlite.run()
        sqlite.waitUntilExit()
        let counts = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(counts == "0\n1\n0\n", "\(counts)")
        HostileInputTests.expectClean(try cli.run("subject", "show", code), 66)
    }
}
