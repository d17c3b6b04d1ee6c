import GripFitStore
import Synchronization

/// A long-running process's history (the dashboard's), opened and integrity-checked by the first
/// request that needs it and kept for the rest of the process. A history that cannot be opened
/// yet (a directory not yet writable) is not kept, so the next request tries again.
public final class OpenedHistory: Sendable {
    private let open: @Sendable () throws -> any SessionHistory
    private let opened = Mutex<(any SessionHistory)?>(nil)
    private let pending = Mutex(0)

    public init(open: @escaping @Sendable () throws -> any SessionHistory) {
        self.open = open
    }

    public func get() throws -> any SessionHistory {
        let history = try opened.withLock { opened in
            if let opened { return opened }
            let history = try open()
            opened = history
            return history
        }
        let count = try? ((history as? StationHistory)?.pendingCount() ?? (history as? SQLiteHistory)?.pendingCount())
        pending.withLock { $0 = count ?? 0 }
        return history
    }

    /// Sessions saved on this station and not yet on the history server, as counted at the last
    /// request that used the history: `/api/status` reads it without touching the store.
    public var pendingSync: Int { pending.withLock { $0 } }
}
