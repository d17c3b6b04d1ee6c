import Foundation
import Glibc
import GripFitCore
import GripFitExchange
import GripFitRecords
import GripFitStore
import Testing

/// A process killed with SIGKILL mid-save leaves each session whole or absent, never half.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct CrashSafetyTests {
    @Test func sigkillDuringImportLeavesOnlyWholeSessions() throws {
        let cli = BuiltBinary()
        let file = cli.home + "/many.json"
        let total = 400
        let sessions = (0..<total).map { index in
            let samples = (0..<600).map { (step: Int) -> RawSample in
                let squeeze: Int32 = step % 40 < 20 ? 600_000 : 0
                return RawSample(micros: Int64(step) * 100_000, raw: 834_000 + squeeze + Int32(step % 7))
            }
            return StoredSession.analysed(
                device: "ble:C0:FF:EE:00:00:01",
                startedAtMilliseconds: 1_795_000_000_000 + Int64(index) * 60_000,
                firmware: "1.0",
                label: "bulk \(index)",
                hand: .left,
                calibration: nil,
                trace: RawTrace(samples: samples)
            )
        }
        try (try SessionExchange.export(sessions, as: .json)).write(toFile: file, atomically: true, encoding: .utf8)

        var killedMidway = false
        for delay in [0.6, 0.9, 1.2, 1.6] {
            let (process, out, err) = try cli.start(["import", file])
            cli.watchdog(process, seconds: 60)
            // Not a wait for a condition: the kill is placed at points along the import's run, and
            // where the import then is does not matter (only that every session is whole or absent).
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            _ = cli.finish(process, out, err)
            let count = try checkWhole(cli)
            if count > 0 && count < total { killedMidway = true }
        }
        let finish = try cli.run("import", file)
        #expect(finish.status == 0, "\(finish.stderr)")
        #expect(try checkWhole(cli) == total)
        withKnownIssue("the machine was too fast or too slow to kill the import midway", isIntermittent: true) {
            #expect(killedMidway)
        }
    }

    /// Every stored session has all its reps and a readable trace; returns how many there are.
    private func checkWhole(_ cli: BuiltBinary) throws -> Int {
        let store = try SQLiteHistory(path: cli.dataHome + "/gripfit/history.sqlite")
        let rows = try store.list().rows
        for row in rows {
            let session = try store.session(id: row.id)
            #expect(session.summary.reps.count == row.repCount)
            #expect(session.trace.samples.count == 600)
        }
        return rows.count
    }
}
