import GripFitRecords

/// A history holding sessions a server has not taken yet (a station's file, and the station's
/// view of the server and that file): what the dashboard and `history sync` count, asked of the
/// protocol rather than of a concrete history.
public protocol SyncingHistory: SessionHistory {
    /// Sessions saved here that the server does not have yet.
    func pendingCount() throws(StoreError) -> Int
}

extension SQLiteHistory: SyncingHistory {}

extension StationHistory: SyncingHistory {}
