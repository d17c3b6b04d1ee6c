import GripFitConformance

/// A finished `check`: the case results and what identifies the run, ready for the reporters.
/// Device and bridge texts are as the device sent them: each reporter escapes them once, for its
/// own format (visible escapes for the terminal, JSON's, XML's).
struct CheckReport {
    var results: [CaseResult]
    /// The dongle's USB serial number, or the port or network address it was checked through.
    var device: String
    /// The GripFit's BLE address as the bridge reported it.
    var deviceAddress: String?
    var firmware: String?
    var bridgeVersion: String?
    var port: String
    var simulated: Bool
    /// RFC 3339, UTC.
    var startedAt: String
    var duration: Duration
    var settings: ConformanceSettings

    var passed: Int { results.filter { $0.verdict == .passed }.count }
    var failed: Int { results.filter { $0.verdict.isFailure }.count }
    var skipped: Int { results.count - passed - failed }

    var seconds: Double { duration.seconds }

    /// Three decimals, as JUnit `time` attributes are usually written.
    static func seconds(_ duration: Duration) -> String {
        String(duration.seconds.rounded(decimals: 3))
    }
}
