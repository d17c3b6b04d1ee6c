import GripFitCore
import GripFitRecords
import GripFitStore
import Synchronization

/// A long-running process's history (the dashboard's), opened and integrity-checked by the first
/// request that needs it and kept for the rest of the process. A history that cannot be opened
/// yet (a directory not yet writable) is not kept, so the next request tries again.
///
/// A shared server's history (``StationHistory``) that found the server away stays on this
/// station for good, which suits a command but not a dashboard left running for days. So while it
/// is away, the server is tried again on a ``ServerRetry`` schedule by opening the history afresh;
/// the fresh one, once it reaches the server, pushes what went to this station meanwhile and
/// takes the old one's place.
public final class OpenedHistory: Sendable {
    private struct State {
        var history: (any SessionHistory)?
        var retry = ServerRetry()
        /// Sessions waiting to be pushed, as counted at the last request that used the history.
        var pending = 0
    }

    private let open: @Sendable () throws -> any SessionHistory
    private let warn: @Sendable (String) -> Void
    private let state = Mutex(State())
    /// Held while a history is opened (the first time, or to try the server again), so that two
    /// callers do not open two; never while ``state`` is, so the status and the driver's deadline
    /// checks are not held up by a connection attempt.
    private let opening = Mutex(())

    /// `open` opens the history, which is integrity-checked here: at the first open, and when a try
    /// reaches the server (the server's check; a try that does not is not followed by a check of
    /// this station's file every few seconds). `warn` gets a line for the person at the terminal.
    public init(open: @escaping @Sendable () throws -> any SessionHistory, warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.open = open
        self.warn = warn
    }

    public func get() throws -> any SessionHistory {
        let history = try current()
        let count = try? (history as? any SyncingHistory)?.pendingCount()
        state.withLock { $0.pending = count ?? 0 }
        return history
    }

    private func current() throws -> any SessionHistory {
        if let history = state.withLock({ $0.history }) { return history }
        return try opening.withLock { _ in
            if let history = state.withLock({ $0.history }) { return history }
            let history = try open()
            try history.checkIntegrity()
            state.withLock { $0.history = history }
            return history
        }
    }

    /// Sessions saved on this station and not yet on the history server, as counted at the last
    /// request that used the history: `/api/status` reads it without touching the store.
    public var pendingSync: Int { state.withLock { $0.pending } }

    /// When the server is to be tried again, while the history's server is away and no try is under
    /// way; nil otherwise. The first call after the history went away (`now`) schedules the first try.
    public func nextRetry(at now: MonotonicInstant) -> MonotonicInstant? {
        state.withLock { state in
            guard let station = state.history as? StationHistory, station.isAway else { return nil }
            return state.retry.away(at: now)
        }
    }

    /// Claims the try due at `now`: true when the caller must now call ``retry(now:)``, off the
    /// driver's thread (it opens a connection). At most one try is claimed at a time.
    public func startRetry(at now: MonotonicInstant) -> Bool {
        state.withLock { state in
            guard let station = state.history as? StationHistory, station.isAway else { return false }
            _ = state.retry.away(at: now)
            return state.retry.start(at: now)
        }
    }

    /// Tries the server again: opens the history afresh and, when the fresh one reached the server
    /// (having pushed what was pending at its opening), uses it from now on and pushes what the old
    /// one saved on this station meanwhile. Otherwise the next try waits longer. True when the
    /// history was replaced; `now` is read when the try ends.
    @discardableResult
    public func retry(now: () -> MonotonicInstant) -> Bool {
        opening.withLock { _ in
            var fresh: StationHistory?
            do {
                fresh = try open() as? StationHistory
                if let fresh, !fresh.isAway { try fresh.checkIntegrity() }
            } catch {
                warn("\(error) (trying the history server again; the dashboard keeps saving on this station meanwhile)")
                fresh = nil
            }
            guard let fresh, !fresh.isAway else {
                state.withLock { $0.retry.failed(at: now()) }
                return false
            }
            state.withLock { state in
                state.history = fresh
                state.retry.answered()
            }
            warn("\(fresh.location): the history server answers again; the dashboard's history and recordings are there again")
            fresh.pushPending()
            let count = try? fresh.pendingCount()
            state.withLock { $0.pending = count ?? 0 }
            return true
        }
    }
}
