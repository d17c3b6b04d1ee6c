import Glibc

/// Ignores SIGINT, SIGTERM and SIGHUP while a save runs, so a second Ctrl-C cannot cut it short.
/// The save is one transaction anyway; this only spares the user a lost session.
enum SignalShield {
    static func run<T>(_ body: () throws -> T) rethrows -> T {
        let signals = [SIGINT, SIGTERM, SIGHUP]
        for signal in signals { Glibc.signal(signal, SIG_IGN) }
        defer { for signal in signals { Glibc.signal(signal, SIG_DFL) } }
        return try body()
    }
}
