/// A bridge firmware version, major.minor.patch: what a bridge reports in `B:BRIDGE,<version>`, what
/// the host requires (``BridgeFirmwareGate``) and what a DFU package carries as one number,
/// `adafruit-nrfutil dfu genpkg --application-version`, major × 10000 + minor × 100 + patch.
public struct FirmwareVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public let patch: Int

    public init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// From the package's number; nil for genpkg's "no version" (0xFFFFFFFF), which says nothing.
    public init?(packageNumber: UInt32) {
        guard packageNumber != UInt32.max else { return nil }
        let number = Int(packageNumber)
        self.init(major: number / 10000, minor: number / 100 % 100, patch: number % 100)
    }

    /// From "1.2.3", as the bridge reports it in `B:BRIDGE,1.2.3`; nil for anything else. Minor and
    /// patch must stay below 100 to have a package number. A suffix after "-" or "+" (the
    /// simulator's "1.0.0-sim", a local build's "1.0.0+abc") names a build of that release, read as it.
    public init?(_ text: String) {
        let release = text.prefix { $0 != "-" && $0 != "+" }
        let parts = release.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let major = Int(parts[0]), let minor = Int(parts[1]), let patch = Int(parts[2]),
            major >= 0, (0..<100).contains(minor), (0..<100).contains(patch)
        else { return nil }
        self.init(major: major, minor: minor, patch: patch)
    }

    public var packageNumber: Int { major * 10000 + minor * 100 + patch }

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (lhs: FirmwareVersion, rhs: FirmwareVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}
