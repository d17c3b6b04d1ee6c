import Foundation
import GripFitConformance
import GripFitOutput

/// What a person (or a CI log) reads: one line per case as it finishes, with ✔ / ✘ / – and its
/// figures and the reason under a failure, then a summary per device.
enum TerminalReporter {
    static let nameWidth = ConformanceCase.allCases.map(\.rawValue.count).max() ?? 0

    /// One finished case; `device` (raw, escaped here) prefixes it when several dongles are checked at once.
    static func caseLines(_ result: CaseResult, device: String?) -> String {
        let mark: String
        switch result.verdict {
        case .passed: mark = "✔"
        case .failed: mark = "✘"
        case .skipped: mark = "–"
        }
        let prefix = self.prefix(device)
        let name = result.kind.rawValue.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        let time = String(format: "%.2f s", result.duration.seconds)
        let figures = result.figures.map(describe).joined(separator: ", ")
        var lines = ["\(prefix)\(mark) \(name)  \(time.leftPadded(to: 8))  \(figures)"]
        switch result.verdict {
        case .passed: break
        // A reason or figure may quote the device (a malformed line, a version): escaped here, for the terminal.
        case .failed(let reason): lines.append("\(prefix)    ✘ \(UntrustedText.escaped(reason))")
        case .skipped(let reason): lines.append("\(prefix)    skipped: \(UntrustedText.escaped(reason))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every case of a finished run, as ``caseLines(_:device:)`` printed them along the way.
    static func cases(_ report: CheckReport) -> String {
        report.results.map { caseLines($0, device: nil) }.joined()
    }

    /// The device's identity and totals.
    static func summary(_ report: CheckReport, device: String? = nil) -> String {
        let prefix = self.prefix(device)
        // The device's own text is escaped here, for the terminal; the JSON and JUnit reports escape it their own way.
        let firmware = report.firmware.map(UntrustedText.escaped) ?? "unknown"
        let bridge = report.bridgeVersion.map(UntrustedText.escaped) ?? "none (plain relay)"
        return prefix + "GripFit conformance check: firmware \(firmware), bridge "
            + "\(bridge), port \(UntrustedText.escaped(report.port))" + (report.simulated ? " (simulated)" : "") + "\n"
            + prefix + "\(Plural.count(report.results.count, "case")): \(report.passed) passed, \(report.failed) failed, \(report.skipped) "
            + "skipped in \(CheckReport.seconds(report.duration)) s\n"
    }

    /// `[device] ` before each line of one dongle among several; the name escaped for the terminal.
    static func prefix(_ device: String?) -> String {
        device.map { "[\(UntrustedText.escaped($0))] " } ?? ""
    }

    /// Several devices: each one's summary, the ones that could not be checked, and the totals.
    static func summary(_ outcomes: [CheckOutcome]) -> String {
        var text = ""
        for outcome in outcomes {
            switch outcome.result {
            case .success(let report): text += summary(report, device: outcome.device)
            case .failure(let failure): text += prefix(outcome.device) + "not checked: \(failure.message)\n"
            }
        }
        let failed = outcomes.filter(\.isFailure).count
        return text + "\(Plural.count(outcomes.count, "device")): \(outcomes.count - failed) passed, \(failed) failed or not checked\n"
    }

    static func describe(_ figure: Figure) -> String {
        let name = figure.name.replacingOccurrences(of: "_", with: " ")
        switch figure.value {
        case .text(let text): return "\(name) \(UntrustedText.escaped(text))"
        case .number: return "\(name) \(figure.valueText)" + (figure.unit.map { " \($0)" } ?? "")
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
