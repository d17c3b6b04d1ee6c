/// Firmware bugs the simulated GripFit and bridge can have, so `check` can be shown to catch each
/// one: every bug breaks exactly one conformance case and leaves the rest of the protocol intact.
public enum SimulatorBug: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Confirms `CMD:RATE:<ms>` with `S:RATE:<ms>` but keeps streaming at the old interval.
    case wrongRate
    /// Tares on `CMD:TARE` but never sends `S:TARED`.
    case noTared
    /// Answers `CMD:PING` only after ``SimulatedGripFit/slowPongDelay``.
    case slowPong
    /// Ignores `CMD:INFO`; `D:` is still sent on connect.
    case noInfo
    /// A corrupted `R:` line after every ``SimulatedGripFit/malformedEvery``-th reading, the readings themselves intact.
    case malformed
    /// After `BRIDGE:DISCONNECT` the bridge stays idle instead of reconnecting.
    case noReconnect

    public init?(argument: String) {
        guard let bug = Self.allCases.first(where: { $0.description == argument }) else { return nil }
        self = bug
    }

    public var description: String {
        switch self {
        case .wrongRate: "wrong-rate"
        case .noTared: "no-tared"
        case .slowPong: "slow-pong"
        case .noInfo: "no-info"
        case .malformed: "malformed"
        case .noReconnect: "no-reconnect"
        }
    }
}
