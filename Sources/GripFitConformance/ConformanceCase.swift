/// The named cases of `gripfit-serial check`, in the order they run. Each checks one promise of
/// the device spec (§1); `format` watches the whole run, so it is judged last.
public enum ConformanceCase: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case handshake
    case ready
    case defaultRate = "default-rate"
    case setRate = "set-rate"
    case tare
    case ping
    case reconnect
    case format

    public var description: String { rawValue }

    /// What the case checks, one line, for help text and reports: at most 64 characters, so
    /// `check --help` prints each case on one line at 80 columns.
    public var summary: String {
        switch self {
        case .handshake: "D:GRIPFIT,<ver> within 2 s of connecting, and after CMD:INFO"
        case .ready: "S:READY seen, or at least no S:NOT_READY"
        case .defaultRate: "readings every 100 ms: mean interval, jitter, dropped samples"
        case .setRate: "CMD:RATE:50/20/1000 confirmed, 50 and 20 measured, 100 restored"
        case .tare: "CMD:TARE -> S:TARED, then unloaded readings centre near 0"
        case .ping: "CMD:PING -> S:PONG, latency p50/p99"
        case .reconnect: "after BRIDGE:DISCONNECT: link, D: and readings back in time"
        case .format: "every line seen during the run parses"
        }
    }
}
