import Foundation
import GripFitRecords
import GripFitStore
import Testing

@testable import GripFitCLI

/// `history copy --to`: everything once, a second copy skipping all, the source itself refused; in-process
/// (the stations' end-to-end copies through the binary are SharedSubjectsTests').
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct HistoryCopyTests {
    @Test func copiesOnceAndCountsWhatIsThere() throws {
        let cli = BuiltBinary()
        try cli.recordLikeTheSimulator(seconds: 1, label: "first")
        try cli.recordLikeTheSimulator(seconds: 2, label: "second")
        #expect(cli.runInProcess("subject", "add", "P1", "--birth-year", "1950").status == 0)
        let destination = cli.home + "/copy.sqlite"
        let first = cli.runInProcess("history", "copy", "--to", "sqlite:" + destination)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "copied 2, skipped 0 already there\n")
        #expect(!first.stderr.contains("copied"), "no progress bar off a terminal")
        #expect(cli.runInProcess("history", "copy", "--to", destination).stdout == "copied 0, skipped 2 already there\n")
        let copied = try SQLiteHistory(path: destination)
        #expect(try copied.list().rows.compactMap(\.tags.label) == ["second", "first"])
        #expect(try copied.subjects().map(\.code) == ["P1"])
        let back = cli.runInProcess("history", "copy", "--history", destination, "--to", cli.home + "/back.sqlite")
        #expect(back.stdout == "copied 2, skipped 0 already there\n")
    }

    @Test func refusesTheSourceAsDestination() throws {
        let cli = BuiltBinary()
        try cli.recordLikeTheSimulator(seconds: 1)
        HostileInputTests.expectClean(
            cli.runInProcess("history", "copy", "--to", "sqlite:" + cli.historyPath),
            64,
            "is the history being copied"
        )
        HostileInputTests.expectClean(cli.runInProcess("history", "copy", "--to", "ftp://x"), 64, "--to: 'ftp://x' is not a history")
    }

    /// To a server that cannot be reached: exit 69, nothing half-done to report.
    @Test func anUnreachableDestinationFails() throws {
        let cli = BuiltBinary()
        try cli.recordLikeTheSimulator(seconds: 1)
        let url = "postgresql://gripfit@127.0.0.1:1/gripfit"
        #expect(throws: StoreError.unreachable(location: url, reason: "connection refused")) {
            try HistoryCopy.copy(from: .sqlite(path: cli.historyPath), to: .postgresql(url: url)) { (url) throws(StoreError) in
                throw .unreachable(location: url, reason: "connection refused")
            }
        }
    }
}
