import CGripFitBuildInfo
import GripFitCore

/// What `--version` reports. `version` is the one place the release number lives: the Makefile
/// reads it from this file for the .deb, so the two cannot disagree.
enum BuildInfo {
    static let version = "0.1.0"

    /// The bridge firmware (`B:BRIDGE,<version>`) this release was built and tested with; equal to
    /// `kFirmwareVersion` in firmware-bridge/src/BridgeConfig.h (a test checks it); the gate's recommended one.
    static let expectedBridgeFirmware = BridgeFirmwareGate.recommended

    /// The git commit, when the build was given one (`make release` does; `swift build` does not).
    static var commit: String? {
        let commit = String(cString: gripfit_build_commit())
        return commit.isEmpty ? nil : commit
    }

    /// `gripfit-serial --version`: the version alone on the first line, for scripts.
    static var versionText: String {
        [
            "gripfit-serial \(version)",
            "commit: \(commit ?? "unknown (built without make release)")",
            "expects bridge firmware: \(expectedBridgeFirmware)",
        ].joined(separator: "\n")
    }
}
