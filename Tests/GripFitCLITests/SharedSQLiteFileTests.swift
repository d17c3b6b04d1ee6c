import Foundation
import Glibc
import ScratchSupport
import Testing

/// Issue 38, item 0, through the binary: four stations, each with its own home and station name,
/// whose config.toml names one SQLite file, record at once, round after round. Before the fix about
/// one recording in thirty reported "saved session N" and was then gone (N later reused by another
/// station); ``SQLiteHistoryLockTests`` shows the mechanism every time, this shows the symptom is gone.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct SharedSQLiteFileTests {
    static let rounds = 15

    @Test func everyRecordingReportedSavedIsKeptUnderItsID() throws {
        let shared = Scratch.directory("gripfit-shared-file") + "/history.sqlite"
        let stations = (1...4).map { _ in BuiltBinary() }
        for (index, station) in stations.enumerated() {
            let config = station.configHome + "/gripfit"
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try "history = \"sqlite:\(shared)\"\nstation = \"station\(index + 1)\"\n"
                .write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        }
        var saved: [Int: String] = [:]
        for round in 1...Self.rounds {
            let runs = try stations.enumerated().map { index, station in
                try station.start(["record", "--simulate", "--duration", "0.2", "--label", "r\(round)s\(index + 1)"])
            }
            for (index, (process, out, err)) in runs.enumerated() {
                stations[index].watchdog(process, seconds: 120)
                let result = stations[index].finish(process, out, err)
                #expect(result.status == 0, "\(result.stderr)")
                let id = try #require(
                    result.stdout.split(separator: "\n").first { $0.hasPrefix("saved session ") }
                        .flatMap { Int($0.dropFirst("saved session ".count).prefix { $0.isNumber }) },
                    "\(result.stdout)"
                )
                #expect(saved[id] == nil, "saved session \(id) printed twice: \(saved[id] ?? "") and r\(round)s\(index + 1)")
                saved[id] = "r\(round)s\(index + 1)"
            }
        }
        let listed = try stations[0].run(["history", "--json", "--all"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        let held = Dictionary(rows.compactMap { row in (row["id"] as? Int).map { ($0, row["label"] as? String ?? "") } }) { $1 }
        #expect(rows.count == 4 * Self.rounds, "\(rows.count) sessions held, \(4 * Self.rounds) recorded")
        #expect(held == saved, "ids that do not open their own recording: \(saved.filter { held[$0.key] != $0.value })")
    }
}
