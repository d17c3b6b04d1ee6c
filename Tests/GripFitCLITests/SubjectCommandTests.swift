import Foundation
import GripFitStore
import Testing

/// Subjects and assessments through the real binary: the documented exit codes, the acceptance
/// run on the simulator with known loads, and an erasure that leaves nothing in the file.
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

    /// The acceptance run: a female subject of 47, dominant right, a calibrated GripFit, and the
    /// protocol with known loads (right 30 then 32 kg, left 25 then 24 kg). By hand: right best 32,
    /// mean 31, population SD 1, CV 3.2 %; left best 25, mean 24.5, SD 0.5, CV 2.0 %; difference
    /// (32 - 25) / 32 = 21.9 %; dominance ratio 32 / 25 = 1.28.
    @Test func aGuidedRunWithKnownLoadsIsOneAssessmentWithMatchingFigures() throws {
        let cli = BuiltBinary()
        try cli.calibrateLikeTheSimulator()
        let birth = Calendar(identifier: .gregorian).date(byAdding: .year, value: -47, to: Date().addingTimeInterval(-86_400 * 30))
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = .current
        let born = formatter.string(from: try #require(birth))
        #expect(try cli.run("subject", "add", "F47", "--sex", "female", "--birth-date", born, "--dominant", "right").status == 0)
        // Each load begins well after the cue (which needs a second of stillness) and ends before the 10 s limit.
        let loads = ["0kg@0", "30kg@3", "0kg@5", "25kg@9", "0kg@11", "32kg@15", "0kg@17", "24kg@21", "0kg@23"]
        let record = try cli.run(
            ["record", "--simulate", "--protocol", "standard", "--trials", "2", "--rest", "0", "--subject", "F47"]
                + loads.flatMap { ["--load", $0] })
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("saved assessment A1 of F47"), "\(record.stdout)")
        // Noise aside (a hundredth of a kilogram): the JSON below checks the figures to 0.1 kg.
        #expect(record.stdout.contains("right best 32.0"), "\(record.stdout)")
        #expect(record.stdout.contains("of 2, population SD 1.00 kg, CV 3.2 %"), "\(record.stdout)")
        #expect(record.stdout.contains("left/right difference: 21.9 %"))
        #expect(record.stdout.contains("dominant/non-dominant ratio: 1.28 (dominant hand: right)"))
        #expect(record.stdout.contains("trial consistency, left: CV 2.0 % (population SD), within the 15 % trial-consistency threshold"))

        let listed = try cli.run("history", "--assessments", "--json")
        let assessments = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let assessment = try #require(assessments.first)
        #expect(assessments.count == 1)
        #expect(assessment["id"] as? String == "A1" && assessment["subject"] as? String == "F47")
        let right = try #require(assessment["right"] as? [String: Any])
        let left = try #require(assessment["left"] as? [String: Any])
        #expect(abs((right["best"] as? Double ?? 0) - 32) < 0.1)
        #expect(abs((right["mean"] as? Double ?? 0) - 31) < 0.1)
        #expect(abs((left["best"] as? Double ?? 0) - 25) < 0.1)
        #expect(abs((left["mean"] as? Double ?? 0) - 24.5) < 0.1)
        #expect(abs((left["cv_percent"] as? Double ?? 0) - 2.04) < 0.1)
        #expect(abs((assessment["difference_percent"] as? Double ?? 0) - 21.875) < 0.1)

        let show = try cli.run("show", "A1")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("subject      F47, age 47 at the assessment"), "\(show.stdout)")
        #expect(show.stdout.contains("right hand:") && show.stdout.contains("trial 2 attempt 1"))
        let subject = try cli.run("subject", "show", "F47")
        #expect(subject.stdout.contains("A1  ") && subject.stdout.contains("population SD"))
        let sessions = try cli.run("history", "--subject", "F47", "--json")
        #expect((try JSONSerialization.jsonObject(with: Data(sessions.stdout.utf8)) as? [Any])?.count == 4)

        // The export carries the subject and the assessment; another history restores both, once.
        let file = cli.home + "/export.json"
        #expect(try cli.run("export", "--all", "-o", file).status == 0)
        let other = BuiltBinary()
        #expect(try other.run("import", file).stdout.hasPrefix("imported 4 sessions"))
        #expect(try other.run("import", file).stdout.hasPrefix("imported 0 sessions, skipped 4"))
        #expect(try other.run("subject", "list").stdout.hasPrefix("F47"))
        let restored = try other.run("show", "A1")
        #expect(restored.stdout.contains("subject      F47") && restored.stdout.contains("CV 3.2 %"), "\(restored.stdout)")
        #expect(try other.run("history", "--assessments", "--format", "csv").lines.count == 2)

        // Another clinic's F47 is another person: refused with the differing facts, nothing written.
        let clinic = BuiltBinary()
        #expect(try clinic.run("subject", "add", "F47", "--sex", "male", "--birth-date", born, "--dominant", "right").status == 0)
        HostileInputTests.expectClean(
            try clinic.run("import", file), 65, "subject 'F47' is in the history with other facts (sex: file female, history male)")
        #expect(try clinic.historyJSON().isEmpty)
    }

    @Test func forgettingASubjectLeavesNothingOfThemInTheHistoryFile() throws {
        let cli = BuiltBinary()
        let code = "QZX-erase-7"
        #expect(try cli.run("subject", "add", code, "--note", "note-to-erase-3141").status == 0)
        #expect(try cli.run("subject", "add", "KEEP").status == 0)
        try cli.calibrateLikeTheSimulator()
        // A guided run (an assessment owning its attempts), then a plain session of theirs.
        let loads = ["0kg@0", "30kg@3", "0kg@5", "25kg@9", "0kg@11"]
        let guided = try cli.run(
            ["record", "--simulate", "--protocol", "standard", "--trials", "1", "--rest", "0", "--subject", code, "--label", "run-\(code)"]
                + loads.flatMap { ["--load", $0] })
        #expect(guided.status == 0, "\(guided.stderr)")
        #expect(guided.stdout.contains("saved assessment A1 of \(code)"), "\(guided.stdout)")
        let record = try cli.run("record", "--simulate", "--duration", "2", "--subject", code, "--label", "label-\(code)")
        #expect(record.status == 0, "\(record.stderr)")
        // The confirmation counts what the delete deletes.
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
            "SELECT count(*) FROM session; SELECT count(*) FROM subject; SELECT count(*) FROM assessment; PRAGMA freelist_count;",
        ]
        let output = Pipe()
        sqlite.standardOutput = output
        try sqlite.run()
        sqlite.waitUntilExit()
        let counts = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(counts == "0\n1\n0\n0\n", "\(counts)")
        HostileInputTests.expectClean(try cli.run("subject", "show", code), 66)
    }
}
