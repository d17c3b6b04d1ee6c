import Foundation
import FoundationXML
import GripFitConformance
import Testing

@testable import GripFitCLI

/// Device text is untrusted: whatever a firmware sends, the JUnit report stays well-formed XML.
struct JUnitReporterTests {
    static func report(reason: String, firmware: String) -> CheckReport {
        CheckReport(
            results: [
                CaseResult(kind: .handshake, verdict: .passed, figures: [Figure("version", text: firmware)], duration: .milliseconds(12)),
                CaseResult(kind: .format, verdict: .failed(reason), figures: [Figure("malformed", 1)], duration: .milliseconds(3)),
                CaseResult(kind: .reconnect, verdict: .skipped("plain relay"), figures: [], duration: .zero),
            ],
            device: "usb:E66138",
            deviceAddress: "C0:FF:EE:12:34:56",
            firmware: firmware,
            bridgeVersion: "1.0.0",
            port: "/dev/ttyACM0",
            simulated: false,
            startedAt: "2026-11-22T04:10:31.123Z",
            duration: .milliseconds(1500),
            settings: ConformanceSettings()
        )
    }

    @Test func hostileDeviceTextStaysWellFormed() throws {
        let hostile = "<b>&\"'</failure>]]>\u{1B}[2J\u{07}\u{0}\u{FFFE}"
        let xml = JUnitReporter.render(Self.report(reason: "1 of 9 lines did not parse, e.g. \"\(hostile)\"", firmware: hostile))
        let document = try XMLDocument(xmlString: xml)
        let testcases = try document.nodes(forXPath: "//testcase") as? [XMLElement] ?? []
        #expect(testcases.count == 3)
        let failure = try #require(testcases[1].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue?.contains("<b>&\"'</failure>]]>") == true)
        #expect(!testcases[2].elements(forName: "skipped").isEmpty)
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "3")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        #expect(suite.attribute(forName: "skipped")?.stringValue == "1")
        #expect(suite.attribute(forName: "timestamp")?.stringValue == "2026-11-22T04:10:31")
        #expect(testcases[0].attribute(forName: "time")?.stringValue == "0.012")
        #expect(suite.attribute(forName: "name")?.stringValue == "usb:E66138")
        #expect(try JUnitSchema.validate(xml: xml) == "", "valid against Jenkins' junit-10.xsd")
    }

    @Test func wholeFiguresPrintAsIntegers() {
        var report = Self.report(reason: "x", firmware: "1.0")
        report.results[0] = CaseResult(
            kind: .defaultRate,
            verdict: .passed,
            figures: [Figure("nominal_interval", 100, unit: "ms"), Figure("mean_interval", 99.5, unit: "ms")],
            duration: .seconds(1)
        )
        let xml = JUnitReporter.render(report)
        #expect(xml.contains("nominal_interval_ms = 100&#10;mean_interval_ms = 99.5"))
        #expect(TerminalReporter.caseLines(report.results[0], device: nil).contains("nominal interval 100 ms, mean interval 99.5 ms"))
        #expect(JSONReporter.render(report).contains("\"nominal_interval_ms\":100,"))
    }

    @Test func theJSONReportParsesAndKeysFiguresByUnit() throws {
        let text = JSONReporter.render(Self.report(reason: "bad \u{1B}", firmware: "1.0"))
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["failed"] as? Int == 1)
        let cases = try #require(object["cases"] as? [[String: Any]])
        #expect(cases.map { $0["result"] as? String } == ["passed", "failed", "skipped"])
        #expect((cases[1]["figures"] as? [String: Any])?["malformed"] as? Double == 1)
    }
}
