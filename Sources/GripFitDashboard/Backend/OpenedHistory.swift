import GripFitStore
import Synchronization

/// A long-running process's history (the dashboard's), opened and integrity-checked by the first
/// request that needs it and kept for the rest of the process. A history that cannot be opened
/// yet (a directory not yet writable) is not kept, so the next request tries again.
public final class OpenedHistory: Sendable {
    private let open: @Sendable () throws -> any SessionHistory
    private let opened = Mutex<(any SessionHistory)?>(nil)

    public init(open: @escaping @Sendable () throws -> any SessionHistory) {
        self.open = open
    }

    public func get() throws -> any SessionHistory {
        try opened.withLock { opened in
            if let opened { return opened }
            let history = try open()
            opened = history
            return history
        }
    }
}
