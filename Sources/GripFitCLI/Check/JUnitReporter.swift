import GripFitConformance
import GripFitOutput

/// JUnit XML as GitLab, Jenkins and GitHub test reporters read it: one `testsuite` of the cases,
/// `failure` with the reason, `skipped`, `time` per case, suite properties for the firmware and
/// bridge versions, and each case's figures as properties and in `system-out`.
enum JUnitReporter {
    static let suiteName = "gripfit-conformance"

    static func render(_ report: CheckReport) -> String {
        let counts = "tests=\"\(report.results.count)\" failures=\"\(report.failed)\" errors=\"0\" skipped=\"\(report.skipped)\""
        let time = "time=\"\(CheckReport.seconds(report.duration))\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"gripfit-serial check\" \(counts) \(time)>\n"
        // JUnit timestamps are local-less ISO 8601 without a zone or fraction; ours is UTC.
        let timestamp = String(report.startedAt.prefix(19))
        xml += "  <testsuite name=\"\(suiteName)\" \(counts) \(time) timestamp=\"\(XMLText.escaped(timestamp))\">\n"
        xml += "    <properties>\n"
        xml += property("device.firmware", report.firmware ?? "unknown", indent: 6)
        xml += property("bridge.version", report.bridgeVersion ?? "none", indent: 6)
        xml += property("port", report.port, indent: 6)
        xml += property("simulated", report.simulated ? "true" : "false", indent: 6)
        xml += property("sampling_window_s", CheckReport.seconds(report.settings.samplingWindow), indent: 6)
        xml += "    </properties>\n"
        for result in report.results {
            xml += testcase(result)
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private static func testcase(_ result: CaseResult) -> String {
        let name = XMLText.escaped(result.kind.rawValue)
        var xml = "    <testcase name=\"\(name)\" classname=\"\(suiteName).\(name)\" time=\"\(CheckReport.seconds(result.duration))\">\n"
        if !result.figures.isEmpty {
            xml += "      <properties>\n"
            for figure in result.figures { xml += property(figure.key, value(figure), indent: 8) }
            xml += "      </properties>\n"
        }
        switch result.verdict {
        case .passed: break
        case .failed(let reason):
            xml += "      <failure message=\"\(XMLText.escaped(reason))\" type=\"nonconformance\">\(XMLText.escaped(result.kind.summary + "\n" + reason))</failure>\n"
        case .skipped(let reason):
            xml += "      <skipped message=\"\(XMLText.escaped(reason))\"/>\n"
        }
        let out = result.figures.map { "\($0.key) = \(value($0))" }.joined(separator: "\n")
        xml += "      <system-out>\(XMLText.escaped(out))</system-out>\n"
        xml += "    </testcase>\n"
        return xml
    }

    private static func property(_ name: String, _ value: String, indent: Int) -> String {
        String(repeating: " ", count: indent) + "<property name=\"\(XMLText.escaped(name))\" value=\"\(XMLText.escaped(value))\"/>\n"
    }

    private static func value(_ figure: Figure) -> String {
        switch figure.value {
        case .text(let text): text
        case .number(let number): String(number)
        }
    }
}
