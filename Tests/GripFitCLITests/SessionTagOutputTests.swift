import Foundation
import GripFitClinical
import GripFitCore
import GripFitRecords
import GripFitStore
import Testing

/// Whose a session is, which assessment and attempt it was, and why it was flagged: described once
/// (``TagField``) and shown by `history` (table, CSV, JSON) and `show N`, in-process.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct SessionTagOutputTests {
    /// A flagged first attempt of P017's assessment A1, and an untagged session.
    private func history() throws -> BuiltBinary {
        let cli = BuiltBinary()
        let store = try SQLiteHistory(path: cli.historyPath)
        try store.addSubject(try Subject(code: "P017"))
        var attempt = StoredSession.analysed(
            device: "ble:C0:FF:EE:00:00:01",
            startedAtMilliseconds: 1_795_000_000_000,
            firmware: "1.0",
            label: nil,
            hand: .right,
            protocolName: "standard",
            trial: 1,
            calibration: nil,
            trace: RawTrace(samples: (0..<40).map { RawSample(micros: Int64($0) * 50_000, raw: $0 % 20 < 10 ? 1_000 : 90_000) })
        )
        attempt.tags.subject = "P017"
        attempt.tags.attempt = 1
        attempt.tags.flag = "squeeze began before the cue"
        _ = try store.saveFirstAttempt(
            attempt,
            of: AssessmentFacts(
                subject: "P017",
                device: attempt.device,
                startedAtMilliseconds: attempt.startedAtMilliseconds,
                protocolName: "standard",
                firstHand: .right,
                trialsPerHand: 3,
                restSeconds: 30,
                unit: "raw",
                calibrationDate: nil
            )
        )
        try cli.recordLikeTheSimulator(kilograms: 0, seconds: 1)
        return cli
    }

    @Test func historyJSONAndCSVCarryTheTags() throws {
        let cli = try history()
        let rows = try cli.historyJSONInProcess()
        let tagged = try #require(rows.first { $0["subject"] != nil })
        #expect(tagged["subject"] as? String == "P017" && tagged["assessment"] as? String == "A1")
        #expect(tagged["attempt"] as? Int == 1 && tagged["flag"] as? String == "squeeze began before the cue")
        #expect(rows.filter { $0["subject"] == nil && $0["flag"] == nil }.count == 1)

        let csv = cli.inProcess("history", "--format", "csv").lines
        #expect(csv.first?.hasSuffix(",subject,assessment,attempt,flag,station") == true)
        #expect(csv.contains { $0.contains(",P017,A1,1,squeeze began before the cue,") }, "\(csv)")
    }

    @Test func theTableHasASubjectColumnOnlyWhenASessionHasOne() throws {
        let cli = try history()
        let table = cli.inProcess("history")
        #expect(table.lines.first?.contains("subject") == true, "\(table.stdout)")
        #expect(table.lines.contains { $0.contains("P017") })
        let plain = BuiltBinary()
        try plain.recordLikeTheSimulator(kilograms: 0, seconds: 1)
        #expect(plain.inProcess("history").lines.first?.contains("subject") == false)
        let theirs = cli.inProcess("history", "--subject", "p017")
        #expect(theirs.lines.count == 2, "only P017's session, found by SQL: \(theirs.stdout)")
    }

    @Test func showSaysWhoseAndWhichAttemptAndTheFlag() throws {
        let cli = try history()
        let id = try #require(try cli.historyJSONInProcess().first { $0["subject"] != nil }?["id"] as? Int)
        let show = cli.inProcess("show", String(id))
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("subject      P017"), "\(show.stdout)")
        #expect(show.stdout.contains("assessment   A1"))
        #expect(show.stdout.contains("attempt      1"))
        #expect(show.stdout.contains("flagged      squeeze began before the cue"))
    }
}
