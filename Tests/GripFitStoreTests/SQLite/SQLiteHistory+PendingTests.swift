import GripFitRecords
import GripFitStore
import StoreTestSupport
import Testing

struct SQLiteHistoryPendingTests {
    private let store: SQLiteHistory

    init() throws {
        store = try SQLiteHistory(path: Fixtures.temporaryDirectory() + "/history.sqlite")
    }

    @Test func marksListsAndClears() throws {
        _ = try store.save(Fixtures.session(start: 1_795_000_000_000), sameStart: .nextFreeMillisecond)
        _ = try store.savePending(Fixtures.session(start: 1_795_000_010_000), sameStart: .nextFreeMillisecond)
        _ = try store.savePending(Fixtures.session(start: 1_795_000_020_000), sameStart: .nextFreeMillisecond)
        #expect(try store.pendingIDs() == [2, 3])
        #expect(try store.pendingIDs(afterID: 2, limit: 5) == [3])
        #expect(try store.pendingCount() == 2)
        try store.clearPending([2])
        #expect(try store.pendingIDs() == [3])
        #expect(try store.list().rows.count == 3, "a cleared mark leaves the session")
    }

    /// The same session saved again as an import would is not a new pending one.
    @Test func aSkippedRepeatIsNotMarked() throws {
        _ = try store.save(Fixtures.session(), sameStart: .nextFreeMillisecond)
        #expect(try store.savePending(Fixtures.session(), sameStart: .skip) == .duplicate(existingID: 1))
        #expect(try store.pendingIDs().isEmpty)
    }
}
