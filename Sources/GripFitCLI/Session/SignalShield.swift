import Glibc

/// Ignores SIGINT, SIGTERM and SIGHUP while a save runs, so a second Ctrl-C cannot cut it short.
/// The save is one transaction anyway; this only spares the user a lost session. The handlers
/// before it come back afterwards, so a save inside a running session keeps its signal pipe.
enum SignalShield {
    static func run<T>(_ body: () throws -> T) rethrows -> T {
        let previous = [SIGINT, SIGTERM, SIGHUP].map { ($0, signal($0, SIG_IGN)) }
        defer { for (number, handler) in previous { signal(number, handler) } }
        return try body()
    }
}
