import GripFitCore
import Testing

@testable import GripFitCLI
@testable import GripFitConformance

/// A hostile device's text travels raw from the probe to the reports and is escaped once, by each
/// report for its own format: no terminal escapes inside the JUnit or JSON report.
struct CheckReportEscapingTests {
    static let hostile = "R:<b>\u{1B}[2J&"

    /// The format case's verdict as the probe gives it for one malformed line.
    static func formatVerdict() throws -> CaseVerdict {
        var observed = RunObservations()
        observed.observe(.state(.connected), at: .zero)
        observed.observe(.warning(LinkWarning(.malformed(.nonNumericReading), raw: Array(hostile.utf8))), at: .zero)
        let settings = ConformanceSettings()
        var probe = FormatProbe(settings: settings)
        guard case .finished(let verdict, _) = probe.handle(.tick, at: .zero + settings.samplingWindow, observed: observed) else {
            Issue.record("the format case did not finish")
            throw CancellationError()
        }
        return verdict
    }

    @Test func theProbeKeepsTheDeviceTextRaw() throws {
        #expect(try Self.formatVerdict() == .failed("1 of 1 lines did not parse, e.g. \"\(Self.hostile)\""))
    }

    @Test func aJUnitReportFromAHostileDeviceHasXMLEntitiesAndNoTerminalEscapes() throws {
        guard case .failed(let reason) = try Self.formatVerdict() else { return }
        let xml = JUnitReporter.render(JUnitReporterTests.report(reason: reason, firmware: Self.hostile))
        #expect(xml.contains("R:&lt;b&gt;\\u{1b}[2J&amp;"))
        #expect(!xml.contains("\\x1B"))
        #expect(!xml.contains("\u{1B}"))
        #expect(try JUnitSchema.validate(xml: xml) == "")
    }

    @Test func theJSONReportHasJSONEscapesAndNoTerminalEscapes() throws {
        guard case .failed(let reason) = try Self.formatVerdict() else { return }
        let json = JSONReporter.render(JUnitReporterTests.report(reason: reason, firmware: Self.hostile))
        #expect(json.contains("R:<b>\\u001b[2J&"))
        #expect(!json.contains("\\x1B"))
    }

    @Test func theTerminalShowsTheEscapeOnce() throws {
        guard case .failed(let reason) = try Self.formatVerdict() else { return }
        let report = JUnitReporterTests.report(reason: reason, firmware: Self.hostile)
        let text = TerminalReporter.cases(report) + TerminalReporter.summary(report)
        #expect(text.contains("R:<b>\\x1B[2J&"))
        #expect(text.contains("version R:<b>\\x1B[2J&"))
        #expect(!text.contains("\\\\x1B"))
        #expect(!text.contains("\u{1B}"))
    }
}
