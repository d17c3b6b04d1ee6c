import Foundation
import GRDB
import GripFitRecords
import StoreTestSupport
import Testing

@testable import GripFitStore

/// The SQL behind ``SQLiteHistory/page(_:)`` (``SQLHistory/pageStatement(_:limit:beforeStart:)`` in SQLite's
/// dialect); what the pages hold is ``SessionHistoryPagingTests``.
struct SQLiteHistoryPagingTests {
    private let directory = Fixtures.temporaryDirectory()
    private var path: String { directory + "/data/gripfit/history.sqlite" }

    /// Ordered by the indexes the history has (no sort of every matching row), so a page of a long
    /// history costs the page, not the history.
    @Test func thePagesStatementsReadAnIndexInOrder() throws {
        let store = try SessionHistoryPagingTests.fill(SQLiteHistory(path: path))
        let queries = [
            SessionQuery(), SessionQuery(device: "usb:other"), SessionQuery(before: 3), SessionQuery(before: 3, device: "usb:other"),
        ]
        for query in queries {
            let details = try store.queue.read { db in
                let (sql, values) = SQLHistory(db).pageStatement(query, limit: 3, beforeStart: query.before.map { _ in 3_000 })
                return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: Database.arguments(values)).map {
                    $0["detail"] as String? ?? ""
                }
            }
            #expect(details.contains { $0.contains("INDEX") }, "\(query): \(details)")
            #expect(!details.contains { $0.contains("TEMP B-TREE") }, "\(query): \(details)")
        }
    }
}
