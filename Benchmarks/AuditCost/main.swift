// The audit trail's cost (`make bench-history`, Benchmarks/README.md "Audit trail"): 1,000 sessions
// of 10 s at 10 Hz saved one at a time into a fresh SQLite history, as `record` saves them, with the
// trail off (the save alone) and on (the save, then the `record` entry AuditTrail appends), in
// alternating rounds so both arms see the same load; then the trail's bytes per entry. A
// benchmark, not a test: it prints a table and exits 1 when "on" is more than 5 % slower.
import Foundation
import GripFitCore
import GripFitRecords
import GripFitStore

let sessions = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1_000
let rounds = 3

func session(_ index: Int) -> StoredSession {
    let samples = (0..<100).map { step in
        RawSample(micros: Int64(step) * 100_000, raw: Int32(1_000 + 400 * sin(Double(step) / 100 * .pi) * 100))
    }
    var stored = StoredSession.analysed(
        device: "ble:C0:FF:EE:00:00:01",
        startedAtMilliseconds: 1_795_000_000_000 + Int64(index) * 60_000,
        firmware: "1.0",
        label: "bench",
        hand: .right,
        calibration: nil,
        trace: RawTrace(samples: samples)
    )
    stored.uid = StableName.random()
    return stored
}

/// Seconds to save `sessions` sessions into a new history in `directory`, with the trail or without.
func run(audited: Bool, directory: String) throws -> (seconds: Double, path: String) {
    let path = directory + "/\(audited ? "on" : "off")-\(UUID().uuidString).sqlite"
    let history = try SQLiteHistory(path: path)
    let trail = AuditTrail(history: history, actor: AuditActor(name: "bench", role: "os-user", station: "bench"), warn: { print($0) })
    let prepared = (0..<sessions).map(session)
    let start = ContinuousClock.now
    for stored in prepared {
        _ = try history.save(stored, sameStart: .nextFreeMillisecond)
        if audited { trail.record(.session(.record, stored)) }
    }
    let elapsed = ContinuousClock.now - start
    return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, path)
}

func bytes(_ path: String, table: String) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [path, "SELECT sum(pgsize) FROM dbstat WHERE name IN (\(table))"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    process.waitUntilExit()
    return Int(
        String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    ) ?? 0
}

let directory = NSTemporaryDirectory() + "gripfit-audit-bench-\(UUID().uuidString)"
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }
var off: [Double] = []
var on: [Double] = []
var onPath = ""
for _ in 0..<rounds {
    off.append(try run(audited: false, directory: directory).seconds)
    let audited = try run(audited: true, directory: directory)
    on.append(audited.seconds)
    onPath = audited.path
}
let (medianOff, medianOn) = (off.sorted()[rounds / 2], on.sorted()[rounds / 2])
let ratio = medianOn / medianOff
let trail = try bytes(onPath, table: "'audit'")
let stored = try bytes(
    onPath,
    table: "'session', 'rep', 'trace', 'session_started', 'session_station', 'session_subject', "
        + "'session_assessment', 'session_uid', 'sqlite_autoindex_session_1'"
)
print("| sessions saved one at a time | trail off | trail on | on / off | audit bytes per entry | session bytes each |")
print("|---|---|---|---|---|---|")
print(
    String(format: "| %d | %.2f s | %.2f s | %.3f | %d | %d |", sessions, medianOff, medianOn, ratio, trail / sessions, stored / sessions)
)
exit(ratio <= 1.05 ? 0 : 1)
