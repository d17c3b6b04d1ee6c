import Foundation
import GRDB
import GripFitPostgres
import GripFitRecords
import GripFitStore
import PostgresTestSupport
import StoreTestSupport
import Testing

/// The history backends the ``SessionHistory`` contract is tested against, each test on a fresh, empty history.
enum HistoryBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgresql

    /// Both, or SQLite alone where PostgreSQL is not installed (a plain `swift test`); `make test` installs it and sets
    /// `GRIPFIT_REQUIRE_POSTGRES=1`, so there a missing server fails every PostgreSQL case instead.
    static var allCases: [HistoryBackend] { TestPostgres.isUsable ? [.sqlite, .postgresql] : [.sqlite] }

    var testDescription: String { rawValue }

    /// A new, empty history: a SQLite file in a scratch directory, or a new database on the test cluster.
    func makeHistory() throws -> any SessionHistory {
        switch self {
        case .sqlite:
            return try SQLiteHistory(path: Fixtures.temporaryDirectory() + "/data/gripfit/history.sqlite")
        case .postgresql:
            let (url, _) = try Self.cluster().freshDatabase()
            return try open(url)
        }
    }

    /// The same history opened again, as another process would open it.
    func reopen(_ history: any SessionHistory) throws -> any SessionHistory {
        switch self {
        case .sqlite: try SQLiteHistory(path: history.location)
        case .postgresql: try open(history.location)
        }
    }

    /// The reason a save that names an unknown subject is refused with (the database's words).
    var foreignKeyRefusal: String {
        switch self {
        case .sqlite: "FOREIGN KEY constraint failed"
        case .postgresql: #"insert or update on table "session" violates foreign key constraint "session_subject_fkey""#
        }
    }

    /// Runs `sql` on the history's database behind its back, as someone with sqlite3 or psql
    /// would: the audit trail's triggers dropped or disabled first, as such a person must.
    func tamper(_ history: any SessionHistory, _ sql: String) throws {
        switch self {
        case .sqlite:
            let queue = try DatabaseQueue(path: history.location)
            try queue.write { db in
                try db.execute(sql: "DROP TRIGGER IF EXISTS audit_no_update; DROP TRIGGER IF EXISTS audit_no_delete")
                try db.execute(sql: sql)
            }
        case .postgresql:
            let database = String(history.location.split(separator: "/").last?.split(separator: "?").first ?? "")
            _ = try Self.cluster().psql("ALTER TABLE audit DISABLE TRIGGER USER; \(sql)", database: database)
        }
    }

    /// Runs `sql` on the history's database with its triggers in place: what the engine refuses.
    func tamperKeepingTriggers(_ history: any SessionHistory, _ sql: String) throws {
        switch self {
        case .sqlite:
            try DatabaseQueue(path: history.location).write { db in try db.execute(sql: sql) }
        case .postgresql:
            let database = String(history.location.split(separator: "/").last?.split(separator: "?").first ?? "")
            _ = try Self.cluster().psql(sql, database: database)
        }
    }

    private func open(_ url: String) throws -> PostgresHistory {
        let password = try Self.cluster().password
        return try PostgresHistory(location: PostgresLocation(url, environment: [:]), environment: ["PGPASSWORD": password], warn: { _ in })
    }

    private static func cluster() throws -> TestPostgres {
        guard let cluster = try TestPostgres.shared() else { throw TestPostgresError(message: TestPostgres.skipReason) }
        return cluster
    }
}
