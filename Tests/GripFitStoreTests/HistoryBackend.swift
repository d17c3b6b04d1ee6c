import Foundation
import GripFitStore
import Testing

/// The history backends the ``SessionHistory`` contract is tested against, each test on a fresh, empty history.
enum HistoryBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite

    var testDescription: String { rawValue }

    /// A new, empty history: a SQLite file in a scratch directory.
    func makeHistory() throws -> any SessionHistory {
        switch self {
        case .sqlite: try SQLiteHistory(path: Fixtures.temporaryDirectory() + "/data/gripfit/history.sqlite")
        }
    }

    /// The same history opened again, as another process would open it.
    func reopen(_ history: any SessionHistory) throws -> any SessionHistory {
        switch self {
        case .sqlite: try SQLiteHistory(path: history.location)
        }
    }

    /// The reason a save that names an unknown subject is refused with (the database's words).
    var foreignKeyRefusal: String {
        switch self {
        case .sqlite: "FOREIGN KEY constraint failed"
        }
    }
}
