import Foundation
import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitOutput
import GripFitRecords
import GripFitStore
import Testing

/// Hostile assessments and device text in import files, through `import`, `show`, `export` and the
/// HTML report (issue 38): bounded and checked on the way in, escaped on the way out. Run in-process
/// by the commands' own code (``InProcessCommand``); the binary's own runs of each command are in
/// their end-to-end suites.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct ImportedAssessmentTests {
    /// One attempt of the file's assessment: its hand, trial, attempt at that trial, and flag.
    struct Attempt {
        var hand: Hand = .right
        var trial: Int
        var attempt = 1
        var flag: String?
    }

    static let device = "ble:C0:FF:EE:00:00:01"
    static let calibration = Calibration(offset: 834_000, countsPerKilogram: 20_000)

    /// A JSON export of one calibrated assessment (A1 in the file), built through the store library
    /// so that each test makes hostile only the field it is about.
    static func export(
        device: String = device,
        protocolName: String = "standard",
        calibrationDate: String? = "2026-11-20T10:00:00.000Z",
        firmware: String = "1.0",
        attempts: [Attempt] = [Attempt(trial: 1)]
    ) throws -> String {
        let start: Int64 = 1_795_000_000_000
        let sessions = attempts.enumerated().map { index, attempt in
            // A 20 kg squeeze of a second in four seconds, a reading every 12.5 ms.
            let samples = (0..<320).map { step in
                RawSample(micros: Int64(step) * 12_500, raw: Int32(834_000 + ((120..<200).contains(step) ? 400_000 : 0)))
            }
            var session = StoredSession.analysed(
                device: Self.device,
                startedAtMilliseconds: start + Int64(index) * 60_000,
                firmware: firmware,
                label: nil,
                hand: attempt.hand,
                protocolName: "standard",
                trial: attempt.trial,
                calibration: StoredCalibration(
                    device: Self.device,
                    calibration: calibration,
                    date: "2026-11-20T10:00:00.000Z",
                    massKilograms: 10
                ),
                trace: RawTrace(samples: samples)
            )
            session.tags.assessment = 1
            session.tags.attempt = attempt.attempt
            session.tags.flag = attempt.flag
            return session
        }
        let facts = AssessmentFacts(
            subject: nil,
            device: device,
            startedAtMilliseconds: start,
            protocolName: protocolName,
            firstHand: .right,
            trialsPerHand: 3,
            restSeconds: 30,
            unit: "kg",
            calibrationDate: calibrationDate
        )
        return try SessionExchange.export(
            sessions,
            subjects: [],
            assessments: [StoredAssessment(id: 1, facts: facts, attempts: [])],
            as: .json
        )
    }

    /// Imports `text` as a file of the binary's home; the result of `import`.
    static func importFile(_ text: String, into cli: BuiltBinary) throws -> (path: String, result: CLIProcess.Result) {
        let path = cli.home + "/in.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, cli.runInProcess("import", path))
    }

    /// The page `report A1` writes as HTML.
    static func report(_ cli: BuiltBinary) throws -> String {
        let html = cli.home + "/A1.html"
        HostileInputTests.expectClean(cli.runInProcess("report", "A1", "-o", html), 0)
        return try String(contentsOfFile: html, encoding: .utf8)
    }

    /// A 1,000,000-character device made a 570-page report; controls in the protocol reached it.
    @Test func anAssessmentsDeviceAndProtocolAreBoundedAndCleanedAsASessionsAre() throws {
        let cli = BuiltBinary()
        let device = "ble:" + String(repeating: "x", count: 1_000_000)
        let (_, result) = try Self.importFile(try Self.export(device: device, protocolName: "std\u{1B}[2J\u{202E}x"), into: cli)
        HostileInputTests.expectClean(result, 0)
        let show = cli.inProcess("show", "A1")
        HostileInputTests.expectClean(show, 0)
        let shown = try #require(show.stdout.split(separator: "\n").first { $0.hasPrefix("device") }, "\(show.stdout)")
        #expect(shown == "device       ble:" + String(repeating: "x", count: CleanText.maximumLength - 4))
        #expect(show.stdout.contains("protocol     std [2J x: 3 trials per hand"), "\(show.stdout)")
        let page = try Self.report(cli)
        #expect(!page.contains(String(repeating: "x", count: CleanText.maximumLength)))
        #expect(page.utf8.count < 100_000, "\(page.utf8.count) bytes")
    }

    /// The field and the file are named; nothing of the file is filed.
    @Test func aCalibrationDateThatIsNoDateIsRefused() throws {
        let cli = BuiltBinary()
        for date in ["@SUM(1)<script>alert(1)</script>", "2026-11-20T10:00:00Zjunk", "yesterday"] {
            let (path, result) = try Self.importFile(try Self.export(calibrationDate: date), into: cli)
            HostileInputTests.expectClean(result, 65, path + ": ")
            #expect(result.stderr.contains("assessment 1: calibration_date"), "\(result.stderr)")
            #expect(result.stderr.contains("is not an RFC 3339 time"), "\(result.stderr)")
        }
        // A session's calibration date is held to the same rule.
        let session = try Self.export().replacingOccurrences(of: "\"date\":\"2026-11-20T10:00:00.000Z\"", with: "\"date\":\"@SUM(1)\"")
        #expect(session.contains("@SUM(1)"))
        let (path, result) = try Self.importFile(session, into: cli)
        HostileInputTests.expectClean(result, 65, path + ": ")
        #expect(result.stderr.contains("session 1: calibration_date @SUM(1) is not an RFC 3339 time"), "\(result.stderr)")
        #expect(try cli.historyJSONInProcess().isEmpty)
        // A date as `calibrate` writes it, or a plain day, imports; the report prints a time as people
        // read times (issue 33), and a day as a day.
        for (date, printed) in [("2026-11-20T10:00:00.000Z", "2026-11-20 10:00:00 +00:00"), ("2026-11-20", "2026-11-20")] {
            let other = BuiltBinary()
            HostileInputTests.expectClean(try Self.importFile(try Self.export(calibrationDate: date), into: other).result, 0)
            let html = other.home + "/utc.html"
            HostileInputTests.expectClean(try other.run(["report", "A1", "-o", html], extra: ["TZ": "UTC"]), 0)
            let report = try String(contentsOfFile: html, encoding: .utf8)
            #expect(report.contains("calibrated " + printed) && !report.contains("T10:00"), "\(report)")
        }
    }

    /// A right-to-left override in the firmware printed "1.0)best: 99.0 gk(" in the Firmware cell.
    @Test func bidiControlsInDeviceTextCannotReorderTheReport() throws {
        let cli = BuiltBinary()
        let firmware = "1.0\u{202E})kg 0.99 :tseb( \u{202C}\u{2066}\u{200F}\u{61C}"
        HostileInputTests.expectClean(try Self.importFile(try Self.export(firmware: firmware), into: cli).result, 0)
        let page = try Self.report(cli)
        #expect(page.contains("<dt>Firmware</dt><dd>1.0\\u{202e})kg 0.99 :tseb( \\u{202c}\\u{2066}\\u{200f}\\u{61c}</dd>"), "\(page)")
        for scalar in page.unicodeScalars {
            #expect(!UntrustedText.isBidiControl(scalar), "U+\(String(scalar.value, radix: 16)) in the page")
        }
    }

    /// Trial 2's three attempts were all printed "Attempt 2".
    @Test func eachSetApartAttemptIsNamedByItsTrialAndAttempt() throws {
        let cli = BuiltBinary()
        let attempts = [
            Attempt(trial: 1), Attempt(trial: 2, attempt: 1, flag: "released early"),
            Attempt(trial: 2, attempt: 2, flag: "no squeeze"), Attempt(trial: 2, attempt: 3, flag: "released early"),
            Attempt(trial: 3),
        ]
        HostileInputTests.expectClean(try Self.importFile(try Self.export(attempts: attempts), into: cli).result, 0)
        let page = try Self.report(cli)
        for (attempt, reason) in [(1, "released early"), (2, "no squeeze"), (3, "released early")] {
            #expect(page.contains("<li>Trial 2, attempt \(attempt): 20.0 kg, \(reason)</li>"), "\(page)")
        }
        #expect(!page.contains("Attempt 2"))
    }

    /// A NUL in a firmware version cut it there on import; it is kept whole, the NUL as ␀ (no
    /// history holds a NUL in text), and the rest escaped by each output.
    @Test func deviceTextIsKeptWholePastANul() throws {
        let cli = BuiltBinary()
        let firmware = "1.0-red\u{8}\u{0}\u{7F}\u{85}end"
        HostileInputTests.expectClean(try Self.importFile(try Self.export(firmware: firmware), into: cli).result, 0)
        let show = cli.inProcess("show", "1")
        HostileInputTests.expectClean(show, 0)
        #expect(show.stdout.contains(#"firmware 1.0-red\x08␀\x7F\x85end"#), "\(show.stdout)")
        let export = cli.inProcess("export", "1", "--format", "json")
        HostileInputTests.expectClean(export, 0)
        #expect(export.stdout.contains("\"firmware\":\"1.0-red\\b␀\u{7F}\u{85}end\""), "\(export.stdout.prefix(1000))")
        #expect(try Self.report(cli).contains("<dd>1.0-red\\u{8}␀\u{7F}\u{85}end</dd>"))
        // What `export` wrote imports as the same session.
        let again = cli.home + "/again.json"
        try export.stdout.write(toFile: again, atomically: true, encoding: .utf8)
        #expect(cli.runInProcess("import", again).stdout == "imported 0 sessions, skipped 1 already in the history\n")
    }

    /// `show A<n>`'s figures and clinical lines ran past 80 columns, so the terminal cut them
    /// mid-word ("hand's be⏎st"); they are wrapped at spaces as the guided run's summary is (issue 33).
    @Test func anAssessmentsClinicalLinesAreWrappedAtSpaces() throws {
        let cli = BuiltBinary()
        let attempts = [Attempt(trial: 1), Attempt(trial: 2), Attempt(hand: .left, trial: 1), Attempt(hand: .left, trial: 2)]
        HostileInputTests.expectClean(try Self.importFile(try Self.export(attempts: attempts), into: cli).result, 0)
        let show = cli.inProcess("show", "A1", columns: 80)
        HostileInputTests.expectClean(show, 0)
        let lines = show.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        // Rejoined at the continuation indent, the sentences are whole.
        let prose = show.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(prose.contains("stronger, relative to the stronger hand's best)"), "\(show.stdout)")
        #expect(lines.contains { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.hasPrefix("  trial ") }, "a wrapped line")
    }
}
