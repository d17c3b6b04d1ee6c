import Foundation
import GripFitExchange
import GripFitRecords
import GripFitStore
import StoreTestSupport
import Testing

/// ``SessionHistory/eachEntry(_:book:_:)``: the listing as `history` presents it, handed over a row
/// at a time, on every backend.
struct SessionHistoryEntriesTests {
    /// The entries are those ``HistoryEntry/entries(_:store:book:)`` makes of the whole listing: a
    /// session recorded before its device was calibrated is read whole while the listing is being
    /// read, and shown in the calibration made since. A `body` that wants no more gets no more.
    @Test(arguments: HistoryBackend.allCases)
    func entriesAreTheListingsOneAtATime(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        for index in Int64(0)..<3 {
            _ = try store.save(Fixtures.session(start: 1_795_000_000_000 + index * 1_000, calibrated: index != 1), sameStart: .skip)
        }
        let book = [Fixtures.calibration]
        let whole = HistoryEntry.entries(try store.list(), store: store, book: book)
        var streamed: [HistoryEntry] = []
        try store.eachEntry(SessionFilter(), book: book) { found in
            if case .success(let entry) = found { streamed.append(entry) }
            return true
        }
        #expect(streamed.map(\.row) == whole.entries.map(\.row))
        #expect(streamed.map(\.later) == whole.entries.map(\.later))
        #expect(streamed.filter { $0.later != nil }.count == 1)
        var handed = 0
        try store.eachEntry(SessionFilter(), book: book) { _ in
            handed += 1
            return false
        }
        #expect(handed == 1)
    }

    /// More sessions than a server's cursor reads at once (``HistoryDialect/cursorBatch``) all
    /// come, newest first, and the filter's limit still cuts them.
    @Test(arguments: HistoryBackend.allCases)
    func aLongListingComesWhole(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        let sessions = (0..<1_001).map { Fixtures.session(start: 1_795_000_000_000 + Int64($0) * 1_000) }
        _ = try store.importContents(ExchangeContents(sessions: sessions, subjects: [], assessments: []))
        func starts(_ filter: SessionFilter) throws -> [Int64] {
            var starts: [Int64] = []
            try store.eachEntry(filter, book: []) { found in
                if case .success(let entry) = found { starts.append(entry.row.startedAtMilliseconds) }
                return true
            }
            return starts
        }
        #expect(try starts(SessionFilter()) == sessions.map(\.startedAtMilliseconds).reversed())
        #expect(try starts(SessionFilter(limit: 2)) == sessions.suffix(2).map(\.startedAtMilliseconds).reversed())
    }
}
