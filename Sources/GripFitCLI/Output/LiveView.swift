import GripFitCore
import GripFitOutput

/// The terminal view of `monitor`: one status line redrawn in place (link, firmware, raw
/// reading, session peak), with state changes and warnings printed above it as they happen.
public struct LiveView {
    private var state: SessionState = .disconnected
    private var firmware: String?
    private var bridge: String?
    private var raw: Int32?
    private var peak: Int32?
    private var low: Int32?
    private var readings = 0
    private var warnings = 0
    /// Set by `monitor --unit` once the device's calibration is known.
    var display: ForceDisplay?

    public init() {}

    /// What to write for `report`: lines to print permanently, then the redrawn status line.
    public mutating func render(_ report: SessionReport, time: String) -> String? {
        var permanent: String?
        switch report {
        case .message(.reading(let value)):
            raw = value
            peak = max(peak ?? value, value)
            low = min(low ?? value, value)
            readings += 1
        case .message(.device(let info)):
            firmware = UntrustedText.escaped(info.firmware)
            permanent = EventEncoder.text(report, time: time)
        case .message(.bridge(.hello(let version))):
            bridge = UntrustedText.escaped(version)
            permanent = EventEncoder.text(report, time: time)
        case .state(let newState):
            state = newState
            permanent = EventEncoder.text(report, time: time)
        case .warning:
            warnings += 1
            permanent = EventEncoder.text(report, time: time)
        case .message(.status), .message(.bridge):
            permanent = EventEncoder.text(report, time: time)
        case .message(.unknown), .commandFinished:
            return nil
        }
        let clear = "\r\u{1B}[2K"
        return clear + (permanent.map { $0 + "\n" } ?? "") + statusLine
    }

    /// The current reading between the lowest and highest seen, so a squeeze is visible at a glance.
    private var bar: String? {
        guard let raw, let low, let peak, peak > low else { return nil }
        let width = 20
        // In Double: the difference of two device readings can overflow Int32.
        let filled = Int(((Double(raw) - Double(low)) / (Double(peak) - Double(low)) * Double(width)).rounded())
        return "▕" + String(repeating: "█", count: filled) + String(repeating: " ", count: width - filled) + "▏"
    }

    public var statusLine: String {
        let link = state == .connected ? "● connected" : "○ \(state)"
        let parts = [
            link,
            "fw \(firmware ?? "–")",
            "raw \(raw.map(String.init) ?? "–")",
            display.flatMap { display in raw.flatMap { display.isCalibrated ? display.text(raw: $0) : nil } },
            bar,
            "peak \(peak.map { display?.isCalibrated == true ? display?.text(raw: $0) ?? String($0) : String($0) } ?? "–")",
            "\(readings) readings",
            warnings > 0 ? "\(warnings) warnings" : nil,
            bridge.map { "bridge \($0)" },
        ]
        return parts.compactMap { $0 }.joined(separator: "  ")
    }
}
