import Foundation
import FoundationXML
import GripFitConformance
import Testing

@testable import GripFitCLI

/// `check`'s device name stays as the port gave it until a reporter writes it: each format
/// escapes it once, its own way, and none carries another's escapes.
struct CheckRunnerTests {
    static let hostilePath = "/dev/tty\u{1B}]0;pwned\u{07}<b>&"
    static let hostileFirmware = "1.0\u{1B}[2J<i>"

    static func report() -> CheckReport {
        let device = CheckRunner.device(of: Connection(source: .path(hostilePath)))
        var report = JUnitReporterTests.report(reason: "x", firmware: hostileFirmware)
        report.device = device
        return report
    }

    @Test func theDeviceNameIsKeptRaw() {
        #expect(CheckRunner.device(of: Connection(source: .path(Self.hostilePath))) == Self.hostilePath)
    }

    @Test func aHostileDevicesJUnitReportHasXMLEntitiesAndNoTerminalEscapes() throws {
        let xml = JUnitReporter.render(Self.report())
        #expect(xml.contains("&lt;b&gt;&amp;"))
        #expect(xml.contains("&lt;i&gt;"))
        #expect(!xml.contains("\u{1B}"))
        #expect(!xml.lowercased().contains("\\x1b"), "no terminal escape")
        #expect(!xml.contains("\\x07"), "no terminal escape")
        let document = try XMLDocument(xmlString: xml)
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "name")?.stringValue == "/dev/tty\\u{1b}]0;pwned\\u{7}<b>&")
    }

    @Test func theJSONReportCarriesTheNameAsSentAndTheTerminalEscapesIt() throws {
        let text = JSONReporter.render(Self.report())
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["device"] as? String == Self.hostilePath)
        #expect(object["device_firmware"] as? String == Self.hostileFirmware)
        let summary = TerminalReporter.summary([CheckOutcome(device: Self.hostilePath, result: .success(Self.report()))])
        #expect(!summary.contains("\u{1B}") && !summary.contains("\u{07}"))
        #expect(summary.hasPrefix("[/dev/tty\\x1B]0;pwned\\x07<b>&] "))
    }
}
