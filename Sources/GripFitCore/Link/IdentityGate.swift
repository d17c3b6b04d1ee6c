/// Holds the first readings back until the session knows which GripFit sends them, so a session
/// or calibration is filed under the GripFit's BLE identity, not under whatever the port is.
///
/// A bridge says who it is connected to in `B:CONNECTED`, or in `B:STATUS` when the host joins a
/// link that was up before the port opened; readings can arrive before either. A plain serial
/// relay never sends `B:` lines: after ``wait`` the session goes on without a BLE identity and
/// the caller says so.
public struct IdentityGate: Equatable, Sendable {
    public enum Decision: Equatable, Sendable {
        /// Keep waiting; this reading does not count yet.
        case wait
        /// The bridge named the GripFit.
        case bridge(BLEAddress)
        /// No `B:` line within the wait: a plain relay, so the USB identity has to do.
        case noBridge
        /// A bridge answered but named no GripFit within the wait.
        case bridgeSilent
    }

    /// Long enough for the bridge's hello (20 ms after the port opens), short enough not to hold a
    /// session on a plain relay up for long.
    public static let defaultWait: Duration = .milliseconds(1500)
    /// Once a bridge has spoken, its `B:STATUS` reply is certain to come: a busy host gets longer.
    public static let defaultBridgeWait: Duration = .seconds(5)

    public let wait: Duration
    public let bridgeWait: Duration
    private var firstReadingAt: MonotonicInstant?

    public init(wait: Duration = defaultWait, bridgeWait: Duration = defaultBridgeWait) {
        self.wait = wait
        self.bridgeWait = bridgeWait
    }

    /// Called with each reading and what the session knows at that moment.
    public mutating func decide(readingAt now: MonotonicInstant, address: BLEAddress?, behindBridge: Bool) -> Decision {
        if let address { return .bridge(address) }
        let first = firstReadingAt ?? now
        firstReadingAt = first
        guard now - first >= (behindBridge ? bridgeWait : wait) else { return .wait }
        return behindBridge ? .bridgeSilent : .noBridge
    }
}
