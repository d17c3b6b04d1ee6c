import CGripFitShims
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
    /// Three of the import's batches (one transaction each): the import is killed as its progress
    /// says the first, then the second, batch is filed, so the kill lands midway whatever the
    /// machine's speed (with fixed delays it landed before the first commit or after the last).
    @Test func sigkillDuringImportLeavesOnlyWholeSessions() throws {
        let cli = BuiltBinary()
        let file = cli.home + "/many.json"
        let total = JSONImport.batchSize * 3
        let sessions = (0..<total).map { index in
            let samples = (0..<100).map { (step: Int) -> RawSample in
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

        var counts: [Int] = []
        for filed in [JSONImport.batchSize, JSONImport.batchSize * 2] {
            let importing = try ImportOnATerminal(cli, file)
            // The progress is written once a batch's transaction has committed.
            let said = importing.stderr(containing: "filed \(filed) of \(total) sessions", before: Date() + 120)
            importing.kill()
            #expect(said, "no progress past \(filed) sessions: \(importing.said)")
            counts.append(try checkWhole(cli))
        }
        // Whole batches only, and at least one kill before the last batch was filed.
        #expect(counts.allSatisfy { $0 >= JSONImport.batchSize && $0 % JSONImport.batchSize == 0 }, "\(counts)")
        #expect(counts.contains { $0 < total }, "\(counts)")
        let finish = try cli.run("import", file)
        #expect(finish.status == 0, "\(finish.stderr)")
        #expect(try checkWhole(cli) == total)
    }

    /// `import` with its stderr on a pseudo-terminal, so it draws its progress ("filed N of M
    /// sessions") as it does for a person; stdout is not read.
    final class ImportOnATerminal {
        let process = Process()
        private let master: Int32
        private(set) var said = ""

        init(_ cli: BuiltBinary, _ file: String) throws {
            var name = [CChar](repeating: 0, count: 128)
            master = gripfit_open_pty(&name, UInt(name.count))
            guard master >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let terminal = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            process.executableURL = CLIProcess.binary
            process.arguments = ["import", file]
            process.environment = cli.environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = terminal
            try process.run()
            try terminal.close()
            cli.watchdog(process, seconds: 120)
        }

        /// Reads the terminal until it shows `text` (true), or the import ends or `deadline` passes (false).
        func stderr(containing text: String, before deadline: Date) -> Bool {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !said.contains(text) {
                var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
                guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
                let count = read(master, &buffer, buffer.count)
                if count < 0, errno == EAGAIN || errno == EINTR { continue }
                guard count > 0 else { return false }
                said += String(decoding: buffer.prefix(count), as: UTF8.self)
            }
            return true
        }

        func kill() {
            if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }

        deinit {
            close(master)
        }
    }

    /// Every stored session has all its reps and a readable trace; returns how many there are.
    private func checkWhole(_ cli: BuiltBinary) throws -> Int {
        let store = try SQLiteHistory(path: cli.dataHome + "/gripfit/history.sqlite")
        let rows = try store.list().rows
        for row in rows {
            let session = try store.session(id: row.id)
            #expect(session.summary.reps.count == row.repCount)
            #expect(session.trace.samples.count == 100)
        }
        return rows.count
    }
}
