import Foundation
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

    private func open(_ url: String) throws -> PostgresHistory {
        let password = try Self.cluster().password
        return try PostgresHistory(location: PostgresLocation(url, environment: [:]), environment: ["PGPASSWORD": password], warn: { _ in })
    }

    private static func cluster() throws -> TestPostgres {
        guard let cluster = try TestPostgres.shared() else { throw TestPostgresError(message: TestPostgres.skipReason) }
        return cluster
    }
}
