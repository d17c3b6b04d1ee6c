import Foundation
import GripFitConformance

/// The summary a person reads: one line per case with ✔ / ✘ and its figures, the reason under a
/// failure, and the totals.
enum TerminalReporter {
    static func render(_ report: CheckReport) -> String {
        var lines = [
            "GripFit conformance check: firmware \(report.firmware ?? "unknown"), bridge \(report.bridgeVersion ?? "none (plain relay)"), port \(report.port)"
                + (report.simulated ? " (simulated)" : "")
        ]
        let width = report.results.map(\.kind.rawValue.count).max() ?? 0
        for result in report.results {
            let mark: String
            switch result.verdict {
            case .passed: mark = "✔"
            case .failed: mark = "✘"
            case .skipped: mark = "–"
            }
            let name = result.kind.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            let time = String(format: "%.2f s", Double(result.duration.nanoseconds) / 1e9)
            let figures = result.figures.map(describe).joined(separator: ", ")
            lines.append("\(mark) \(name)  \(time.leftPadded(to: 8))  \(figures)")
            switch result.verdict {
            case .passed: break
            case .failed(let reason): lines.append("    ✘ \(reason)")
            case .skipped(let reason): lines.append("    skipped: \(reason)")
            }
        }
        lines.append(
            "\(report.results.count) cases: \(report.passed) passed, \(report.failed) failed, \(report.skipped) skipped in \(CheckReport.seconds(report.duration)) s")
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ figure: Figure) -> String {
        let name = figure.name.replacingOccurrences(of: "_", with: " ")
        switch figure.value {
        case .text(let text): return "\(name) \(text)"
        case .number(let value):
            let number = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
            return "\(name) \(number)" + (figure.unit.map { " \($0)" } ?? "")
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
