import Foundation
import GripFitDashboard
import GripFitStore
import Synchronization
import Testing

struct OpenedHistoryTests {
    @Test func opensOnceAndRetriesOnlyAFailedOpen() throws {
        let directory = NSTemporaryDirectory() + "gripfit-opened-history-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let opens = Mutex(0)
        let opened = OpenedHistory {
            let count = opens.withLock { count in
                count += 1
                return count
            }
            if count == 1 { throw StoreError.unavailable(path: directory, reason: "not yet") }
            return try SQLiteHistory(path: directory + "/history.sqlite")
        }
        #expect(throws: StoreError.self) { try opened.get() }
        let first = try opened.get()
        let second = try opened.get()
        #expect(opens.withLock { $0 } == 2)
        #expect(first.location == second.location)
        #expect((first as? SQLiteHistory) === (second as? SQLiteHistory))
    }
}
