/// Which bridge firmware this host works with, and what it says about the one a bridge reports in
/// `B:BRIDGE,<version>`. The one place both versions live: doctor, check, monitor, record and
/// `bridge info` all judge a bridge by ``verdict(for:)``.
public enum BridgeFirmwareGate {
    /// The oldest bridge firmware whose protocol this host understands. Older bridges predate
    /// `B:ERROR,DATA_LOST`, the `B:WRITE` results and the CCCD order the link machine relies on:
    /// a session with one would take lost readings for a quiet sensor, so sessions refuse it.
    public static let required = "1.0.0"

    /// The bridge firmware this release was built and tested with (`kFirmwareVersion` in
    /// firmware-bridge/src/BridgeConfig.h). Older ones between `required` and this still work;
    /// the host suggests the update instead of refusing.
    public static let recommended = "1.0.0"

    /// The command that brings the bridge on `port` up to date, named wherever an update is due.
    public static func updateCommand(port: String? = nil) -> String {
        "gripfit-serial bridge update PACKAGE.zip --port \(port ?? "PORT")"
    }

    public enum Verdict: Equatable, Sendable {
        /// At least `recommended`.
        case current
        /// At least `required`, older than `recommended`: works, an update is suggested.
        case updateRecommended
        /// Older than `required`: its protocol is not understood; sessions refuse it.
        case updateRequired
        /// Not a major.minor.patch version: nothing can be said, nothing is refused.
        case unrecognised

        /// The JSON and JUnit spelling.
        public var name: String {
            switch self {
            case .current: "current"
            case .updateRecommended: "recommended"
            case .updateRequired: "required"
            case .unrecognised: "unknown"
            }
        }
    }

    /// `required` and `recommended` are this host's; tests name others to reach every verdict.
    public static func verdict(
        for reported: String,
        required: String = BridgeFirmwareGate.required,
        recommended: String = BridgeFirmwareGate.recommended
    ) -> Verdict {
        guard let version = FirmwareVersion(reported) else { return .unrecognised }
        if let oldest = FirmwareVersion(required), version < oldest { return .updateRequired }
        if let newest = FirmwareVersion(recommended), version < newest { return .updateRecommended }
        return .current
    }

    /// One sentence for `reported` (already escaped for the output it goes to): what applies and
    /// the command to run for the bridge on `port`; nil when the bridge is current.
    public static func advice(for reported: String, escaped: String, port: String? = nil) -> String? {
        switch verdict(for: reported) {
        case .current:
            nil
        case .updateRecommended:
            "bridge firmware \(escaped) is older than \(recommended), the one this gripfit-serial was tested with; "
                + "an update is recommended: `\(updateCommand(port: port))`"
        case .updateRequired:
            "bridge firmware \(escaped) is older than \(required), the oldest whose protocol this gripfit-serial "
                + "understands; an update is required: `\(updateCommand(port: port))`"
        case .unrecognised:
            "bridge firmware \(escaped) is not a version this gripfit-serial knows (it expects \(recommended)); "
                + "if in doubt, update it: `\(updateCommand(port: port))`"
        }
    }
}
