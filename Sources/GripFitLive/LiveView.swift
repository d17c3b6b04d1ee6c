import GripFitCore
import GripFitOutput

/// What `monitor` shows on a terminal, as plain text lines cut to the window width: force first
/// (calibrated when it can be), the session peak, elapsed time, link state, a sparkline of the last
/// ``sparklineSpan``, and the keys. Pure: the caller feeds readings and link changes with their time,
/// asks for ``lines(width:now:)``, and does the terminal I/O; notices go above the view through
/// ``TerminalText/fit(_:width:)``, never inside it.
///
/// Every line is at most `width - 1` columns, so no terminal ever wraps it: a wrapped line would
/// push the view down and leave copies of it behind on each redraw. Device text arrives already
/// escaped; characters that may take two columns (CJK, emoji) are counted as two.
public struct LiveView: Sendable {
    /// How forces are shown: `unit` is `kg`, `lb`, `N` or `raw`.
    public struct Scale: Equatable, Sendable {
        public var unit: String
        public var decimals: Int
        /// Calibrated forces start at zero; raw counts have no known zero and scale to the session's range.
        public var calibrated: Bool

        public init(unit: String, decimals: Int, calibrated: Bool) {
            self.unit = unit
            self.decimals = decimals
            self.calibrated = calibrated
        }
    }

    public static let sparklineSpan: Duration = .seconds(10)
    /// The calibrated sparkline's top is at least this many display units, then the peak rounded up to ten.
    public static let minimumFullScale = 10.0
    private static let levels = Array("▁▂▃▄▅▆▇█")

    public var scale: Scale
    public private(set) var force: Double?
    public private(set) var raw: Int32?
    public private(set) var peak: Double?
    public private(set) var link: LinkState = .disconnected
    public private(set) var readings = 0
    public var firmware: String?

    private let start: MonotonicInstant
    private var history: [(instant: MonotonicInstant, force: Double)] = []
    /// The session's lowest and highest force: the sparkline's scale, and the resting level an
    /// uncalibrated tare request is judged against.
    public private(set) var low: Double?
    private var high: Double?
    /// Bounds memory whatever the rate: 10 s at the fastest 20 ms needs 500.
    private let capacity = 1_024

    public init(start: MonotonicInstant, scale: Scale) {
        self.start = start
        self.scale = scale
    }

    public mutating func reading(raw: Int32, force: Double, at instant: MonotonicInstant) {
        self.raw = raw
        self.force = force
        peak = max(peak ?? force, force)
        low = min(low ?? force, force)
        high = max(high ?? force, force)
        readings += 1
        history.append((instant, force))
        while let first = history.first, instant - first.instant > Self.sparklineSpan || history.count > capacity {
            history.removeFirst()
        }
    }

    public mutating func linkChanged(_ state: LinkState) {
        link = state
    }

    /// The `p` key: the peak starts again from the next reading.
    public mutating func resetPeak() {
        peak = nil
    }

    /// The view, each line at most `width - 1` columns (and at least the first line for any width).
    public func lines(width: Int, now: MonotonicInstant) -> [String] {
        let room = max(1, width - 1)
        let linkText = link == .connected ? "● connected" : "○ \(link)"
        let forceText = force.map(text) ?? "–"
        let peakText = "peak \(peak.map(text) ?? "–")"
        // On a narrow window the clock goes first, then the peak: the force and whether the link
        // is up matter most.
        let headline =
            [[forceText, peakText, Self.clock(now - start), linkText], [forceText, peakText, linkText], [forceText, linkText]]
            .first { TerminalText.columns($0.joined(separator: "   ")) <= room } ?? [forceText]
        var details = [scale.calibrated ? raw.map { "raw \($0)" } : nil, firmware.map { "fw \($0)" }, "\(readings) readings"]
            .compactMap { $0 }
        details.append("keys: t tare  p reset peak  q quit")
        return [
            Self.joined(headline, room: room),
            sparkline(room: room, now: now),
            Self.joined(details, room: room),
        ]
    }

    // MARK: - Parts

    private func text(_ value: Double) -> String {
        scale.unit == "raw" ? "\(Int64(exactly: value.rounded()) ?? 0) raw" : "\(value.formatted(decimals: scale.decimals)) \(scale.unit)"
    }

    /// Parts separated by three spaces, as many whole parts as fit; the first is cut if it alone is too wide.
    private static func joined(_ parts: [String], room: Int) -> String {
        var line = ""
        for part in parts {
            let candidate = line.isEmpty ? part : line + "   " + part
            if TerminalText.columns(candidate) <= room {
                line = candidate
            } else if line.isEmpty {
                return TerminalText.fit(part, width: room + 1)[0]
            } else {
                break
            }
        }
        return line
    }

    /// The last ``sparklineSpan`` in as many columns as fit after the label, oldest on the left.
    private func sparkline(room: Int, now: MonotonicInstant) -> String {
        let (bottom, top) = range
        let label = "10 s \(text(bottom))–\(text(top)) "
        let columns = room - TerminalText.columns(label)
        guard columns >= 5 else { return TerminalText.fit("10 s", width: room + 1)[0] }
        var buckets = [Double?](repeating: nil, count: columns)
        let spanNanos = Double(Self.sparklineSpan.nanoseconds)
        for sample in history {
            let age = Double((now - sample.instant).nanoseconds)
            guard age >= 0, age < spanNanos else { continue }
            let column = columns - 1 - Int(age / spanNanos * Double(columns))
            guard buckets.indices.contains(column) else { continue }
            buckets[column] = max(buckets[column] ?? sample.force, sample.force)
        }
        // More columns than readings (a wide window, a slow rate): a column holds the reading before it.
        for column in buckets.indices.dropFirst() where buckets[column] == nil { buckets[column] = buckets[column - 1] }
        let levels = Self.levels
        let bars = buckets.map { value -> Character in
            guard let value else { return " " }
            guard top > bottom else { return levels[0] }
            let share = min(1, max(0, (value - bottom) / (top - bottom)))
            return levels[Int((share * Double(levels.count - 1)).rounded())]
        }
        return label + String(bars)
    }

    /// Calibrated: zero to a steady full scale (the peak rounded up to ten, at least ``minimumFullScale``),
    /// so the line does not rescale with every squeeze; from the lowest force rounded down to ten
    /// when that is below zero (a tare under load), so a negative force is drawn and labelled, not
    /// pinned to a floor marked zero. Raw: the session's own range, the only one known.
    private var range: (Double, Double) {
        if scale.calibrated {
            let top = max(Self.minimumFullScale, ((high ?? 0) / 10).rounded(.up) * 10)
            let bottom = min(0, ((low ?? 0) / 10).rounded(.down) * 10)
            return (bottom.isFinite ? bottom : 0, top.isFinite ? top : Self.minimumFullScale)
        }
        return (low ?? 0, high ?? 0)
    }

    private static func clock(_ elapsed: Duration) -> String {
        let seconds = max(0, elapsed.nanoseconds / 1_000_000_000)
        let minutes = seconds / 60
        let rest = seconds % 60
        return minutes >= 60
            ? "\(minutes / 60):\(pad2(minutes % 60)):\(pad2(rest))" : "\(minutes):\(pad2(rest))"
    }

    private static func pad2(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
