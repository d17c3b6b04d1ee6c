import GripFitConformance
import GripFitCore
import GripFitOutput

/// JUnit XML as Jenkins, GitLab and GitHub test reporters read it, valid against Jenkins'
/// `junit-10.xsd`: one `testsuite` per dongle, named by its serial number or address, with the
/// firmware and bridge versions and the limits judged by (`limit.ping_p99_ms`) as suite properties; per case `failure` with the reason,
/// `skipped`, `time`, and the figures in `system-out`. A dongle that could not be checked at all
/// is a suite with one `error`.
enum JUnitReporter {
    static let suiteName = "gripfit-conformance"

    static func render(_ outcomes: [CheckOutcome], duration: Duration) -> String {
        let reports = outcomes.compactMap { try? $0.result.get() }
        let tests = reports.map(\.results.count).reduce(0, +) + (outcomes.count - reports.count)
        let failures = reports.map(\.failed).reduce(0, +)
        let errors = outcomes.count - reports.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"gripfit-serial check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" "
            + "time=\"\(CheckReport.seconds(duration))\">\n"
        for outcome in outcomes {
            switch outcome.result {
            case .success(let report): xml += suite(report)
            case .failure(let failure): xml += uncheckedSuite(device: outcome.device, failure: failure)
            }
        }
        return xml + "</testsuites>\n"
    }

    static func render(_ report: CheckReport) -> String {
        render([CheckOutcome(device: report.device, result: .success(report))], duration: report.duration)
    }

    private static func suite(_ report: CheckReport) -> String {
        let counts = "tests=\"\(report.results.count)\" failures=\"\(report.failed)\" errors=\"0\" skipped=\"\(report.skipped)\""
        // JUnit timestamps are ISO 8601 without a zone or fraction; ours is UTC.
        let timestamp = String(report.startedAt.prefix(19))
        var xml =
            "  <testsuite name=\"\(XMLText.escaped(report.device))\" \(counts) time=\"\(CheckReport.seconds(report.duration))\" "
            + "timestamp=\"\(XMLText.escaped(timestamp))\" package=\"\(suiteName)\">\n"
        xml += "    <properties>\n"
        xml += property("device.firmware", report.firmware ?? "unknown")
        xml += property("device.address", report.deviceAddress ?? "unknown")
        xml += property("bridge.version", report.bridgeVersion ?? "none")
        // current, recommended, required or unknown (BridgeFirmwareGate); none behind a plain relay.
        xml += property("bridge.update", report.bridgeVersion.map { BridgeFirmwareGate.verdict(for: $0).name } ?? "none")
        xml += property("port", report.port)
        xml += property("simulated", report.simulated ? "true" : "false")
        xml += property("sampling_window_s", CheckReport.seconds(report.settings.samplingWindow))
        for limit in report.settings.limits {
            xml += property("limit.\(limit.key)", limit.valueText)
        }
        xml += "    </properties>\n"
        for result in report.results {
            xml += testcase(result, device: report.device)
        }
        return xml + "  </testsuite>\n"
    }

    private static func uncheckedSuite(device: String, failure: CLIFailure) -> String {
        var xml =
            "  <testsuite name=\"\(XMLText.escaped(device))\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0\" "
            + "package=\"\(suiteName)\">\n"
        xml += "    <testcase name=\"session\" classname=\"\(className(device))\" time=\"0\">\n"
        let message = XMLText.escaped(failure.message)
        xml += "      <error message=\"\(message)\" type=\"exit \(failure.status.rawValue)\">\(message)</error>\n"
        return xml + "    </testcase>\n  </testsuite>\n"
    }

    private static func testcase(_ result: CaseResult, device: String) -> String {
        let name = XMLText.escaped(result.kind.rawValue)
        var xml = "    <testcase name=\"\(name)\" classname=\"\(className(device))\" time=\"\(CheckReport.seconds(result.duration))\">\n"
        switch result.verdict {
        case .passed: break
        case .failed(let reason):
            xml +=
                "      <failure message=\"\(XMLText.escaped(reason))\" "
                + "type=\"nonconformance\">\(XMLText.escaped(result.kind.summary + "\n" + reason))</failure>\n"
        case .skipped(let reason):
            xml += "      <skipped message=\"\(XMLText.escaped(reason))\"/>\n"
        }
        let out = result.figures.map { "\($0.key) = \($0.valueText)" }.joined(separator: "\n")
        xml += "      <system-out>\(XMLText.escaped(out))</system-out>\n"
        xml += "    </testcase>\n"
        return xml
    }

    /// `gripfit-conformance.<device>` with the device's dots and slashes made underscores, so
    /// reporters that split class names at dots keep one class per dongle.
    static func className(_ device: String) -> String {
        let safe = String(
            String.UnicodeScalarView(
                device.unicodeScalars.map {
                    ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") && $0.isASCII ? $0 : "_"
                }
            )
        )
        return suiteName + "." + safe
    }

    private static func property(_ name: String, _ value: String) -> String {
        "      <property name=\"\(XMLText.escaped(name))\" value=\"\(XMLText.escaped(value))\"/>\n"
    }
}
