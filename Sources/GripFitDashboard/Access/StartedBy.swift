import Synchronization

/// Who started the page's recording or protocol run: its sessions saved on the driver's thread (a
/// protocol's attempts, a recording's end at its limit or at Ctrl-C) have no request, so the audit
/// trail names the token that started them.
final class StartedBy: Sendable {
    private let holder = Mutex<TokenHolder?>(nil)

    /// Remembers the request's holder as the starter of what begins now.
    func remember() {
        let current = TokenHolder.current
        holder.withLock { $0 = current }
    }

    /// Runs `body` as the starter, unless a request's holder is bound already (a Stop from the page).
    func acting<T>(_ body: () throws -> T) rethrows -> T {
        guard TokenHolder.current == nil else { return try body() }
        return try TokenHolder.$current.withValue(holder.withLock { $0 }) { try body() }
    }
}
