/// Faults the virtual dongle can inject, each reproducing something real hardware does.
public enum SimulatorFault: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Output in random chunks, down to single bytes, with small gaps between them.
    case fragment
    /// Junk and malformed lines between the readings: one after every fifth reading.
    case garbage
    /// The BLE link drops every few seconds and the bridge reconnects.
    case dropLink
    /// The HX711 does not respond: `S:NOT_READY`, no readings, TARE fails.
    case notReady
    /// Readings stop a few seconds into each connection; PING is answered only with `stallAnswersPing`.
    case stall
    /// As `stall`, but the device still answers PING.
    case stallAnswersPing
    /// The bridge's notification queue overflows now and then: a few readings never reach USB and
    /// `B:ERROR,DATA_LOST,<bytes>` stands in their place, as firmware-bridge reports it.
    case dataLoss
    /// The last GripFit in range advertises a name made of HTML and a terminal escape: anyone's
    /// radio can advertise any name, and every consumer must show it as text.
    case hostileName
    /// The GripFit reports a firmware version holding a terminal escape and a backslash: every output
    /// must carry it as sent (JSON) or make it visible (the terminal), never run it or escape it twice.
    case hostileFirmware

    public static let allCases: [SimulatorFault] = [
        .fragment, .garbage, .dropLink, .notReady, .stall, .stallAnswersPing, .dataLoss, .hostileName, .hostileFirmware,
    ]

    public init?(argument: String) {
        guard let fault = Self.allCases.first(where: { $0.description == argument }) else { return nil }
        self = fault
    }

    public var description: String {
        switch self {
        case .fragment: "fragment"
        case .garbage: "garbage"
        case .dropLink: "drop-link"
        case .notReady: "not-ready"
        case .stall: "stall"
        case .stallAnswersPing: "stall:pong"
        case .dataLoss: "data-loss"
        case .hostileName: "hostile-name"
        case .hostileFirmware: "hostile-firmware"
        }
    }
}
