import GripFitCore
import GripFitOutput
import GripFitRecords

/// A session as an SVG: force over time, reps shaded, link gaps marked, the peak labelled.
/// Plain SVG 1.1 with no scripts or external references, so any viewer renders it the same.
public struct ForcePlot {
    public init() {}

    let width = 960.0
    let height = 480.0
    let left = 78.0
    let right = 24.0
    let top = 48.0
    let bottom = 58.0

    /// `later` is the device's calibration when the session had none of its own; the title names it.
    public func svg(_ session: StoredSession, display: ForceDisplay, later: StoredCalibration? = nil) -> String {
        let calibrated = session.calibration != nil
        let floor = calibrated ? 0 : Double(session.trace.samples.map(\.raw).min() ?? 0)
        let samples = session.trace.forces(calibration: session.calibration?.calibration, unit: display.unit).map {
            ForceSample(time: $0.time, value: $0.value - floor)
        }
        let summary = session.summary
        func convert(_ value: Double) -> Double { display.convert(stored: value, calibrated: calibrated) }
        let unitName = calibrated ? display.unit.rawValue : "raw counts above lowest reading"

        let lastTime = max(samples.last?.time ?? 0, session.trace.gaps.map(\.end).max() ?? 0, 1)
        let xTicks = Self.ticks(upTo: lastTime)
        let lowest = min(0, samples.map(\.value).min() ?? 0)
        let yTicks = Self.ticks(upTo: max(convert(summary.peak), samples.map(\.value).max() ?? 0, 1) * 1.08)
        let xMax = xTicks.last ?? lastTime
        let yMax = yTicks.last ?? 1
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        func x(_ time: Double) -> Double { left + time / xMax * plotWidth }
        func y(_ value: Double) -> Double { top + plotHeight - (value - lowest) / (yMax - lowest) * plotHeight }
        func n(_ value: Double) -> String { value.formatted(decimals: 1) }

        var body: [String] = [
            "<rect width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>",
            "<text x=\"\(n(left))\" y=\"28\" font-size=\"16\" font-weight=\"bold\">\(XMLText.escaped(title(session, later: later)))</text>",
        ]
        // A label only where it clears the last one: an hour of squeezes would overprint them all.
        var lastLabel = -Double.infinity
        for (index, rep) in summary.reps.enumerated() {
            body.append(
                "<rect x=\"\(n(x(rep.start)))\" y=\"\(n(top))\" width=\"\(n(max(1, x(rep.end) - x(rep.start))))\" "
                    + "height=\"\(n(plotHeight))\" fill=\"#d6e6fb\"/>"
            )
            let center = (x(rep.start) + x(rep.end)) / 2
            guard center - lastLabel >= 48 else { continue }
            lastLabel = center
            body.append(
                "<text x=\"\(n(center))\" y=\"\(n(top + 14))\" font-size=\"11\" "
                    + "text-anchor=\"middle\" fill=\"#3a6ea5\">rep \(index + 1)</text>"
            )
        }
        for gap in session.trace.gaps {
            body.append(
                "<rect x=\"\(n(x(gap.start)))\" y=\"\(n(top))\" width=\"\(n(max(1, x(gap.end) - x(gap.start))))\" "
                    + "height=\"\(n(plotHeight))\" fill=\"#e6e6e6\" stroke=\"#b0b0b0\" stroke-dasharray=\"4 3\"/>"
            )
            body.append(
                "<text x=\"\(n((x(gap.start) + x(gap.end)) / 2))\" y=\"\(n(top + plotHeight - 8))\" font-size=\"11\" "
                    + "text-anchor=\"middle\" fill=\"#707070\">link lost</text>"
            )
        }
        for tick in yTicks {
            body.append("<line x1=\"\(n(left))\" y1=\"\(n(y(tick)))\" x2=\"\(n(width - right))\" y2=\"\(n(y(tick)))\" stroke=\"#ececec\"/>")
            body.append(
                "<text x=\"\(n(left - 8))\" y=\"\(n(y(tick) + 4))\" font-size=\"12\" text-anchor=\"end\">\(Self.label(tick))</text>"
            )
        }
        for tick in xTicks {
            body.append(
                "<line x1=\"\(n(x(tick)))\" y1=\"\(n(top + plotHeight))\" x2=\"\(n(x(tick)))\" "
                    + "y2=\"\(n(top + plotHeight + 5))\" stroke=\"#333\"/>"
            )
            body.append(
                "<text x=\"\(n(x(tick)))\" y=\"\(n(top + plotHeight + 20))\" font-size=\"12\" "
                    + "text-anchor=\"middle\">\(Self.label(tick))</text>"
            )
        }
        body.append(
            "<polyline points=\"\(n(left)),\(n(top)) \(n(left)),\(n(top + plotHeight)) \(n(width - right)),\(n(top + plotHeight))\" "
                + "fill=\"none\" stroke=\"#333\"/>"
        )
        let broken = GripAnalysis.gapBoundaries(samples, session.trace.gaps)
        var segment = PolylineThinning()
        for (index, sample) in samples.enumerated() {
            segment.add(x: x(sample.time), y: y(sample.value))
            if broken[index] || index == samples.count - 1 {
                let points = segment.finish().map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
                body.append("<polyline points=\"\(points)\" fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"1.8\"/>")
            }
        }
        if !samples.isEmpty {
            let peakX = x(summary.peakTime)
            let peakY = y(convert(summary.peak))
            let peak = display.text(stored: summary.peak, calibrated: calibrated)
            let peakText = "peak \(peak) at \(summary.peakTime.formatted(decimals: 2)) s"
            let anchor = peakX > left + plotWidth * 0.75 ? "end" : "start"
            body.append("<circle cx=\"\(n(peakX))\" cy=\"\(n(peakY))\" r=\"5\" fill=\"#d62728\"/>")
            body.append(
                "<text x=\"\(n(peakX + (anchor == "end" ? -9 : 9)))\" y=\"\(n(max(top + 28, peakY - 8)))\" font-size=\"13\" "
                    + "fill=\"#d62728\" text-anchor=\"\(anchor)\">\(XMLText.escaped(peakText))</text>"
            )
        }
        body.append(
            "<text x=\"\(n(left + plotWidth / 2))\" y=\"\(n(height - 14))\" font-size=\"13\" text-anchor=\"middle\">Time (s)</text>"
        )
        body.append(
            "<text transform=\"translate(20 \(n(top + plotHeight / 2))) rotate(-90)\" font-size=\"13\" "
                + "text-anchor=\"middle\">Force (\(XMLText.escaped(unitName)))</text>"
        )
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
            viewBox="0 0 \(n(width)) \(n(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
            \(body.joined(separator: "\n"))
            </svg>

            """
    }

    private func title(_ session: StoredSession, later: StoredCalibration?) -> String {
        var parts = [session.id.map { "Session \($0)" } ?? "Session", LocalTime.text(milliseconds: session.startedAtMilliseconds)]
        if let hand = session.hand { parts.append("\(hand.rawValue) hand") }
        if let label = session.label { parts.append(label) }
        if let later { parts.append("calibration of \(later.date), made after recording") }
        return parts.joined(separator: " · ")
    }

    /// Round tick values from 0 to at least `limit`: steps of 1, 2 or 5 × 10ⁿ, about six of them.
    static func ticks(upTo limit: Double) -> [Double] {
        guard limit > 0, limit.isFinite else { return [0, 1] }
        let rough = limit / 6
        var magnitude = 1.0
        while magnitude * 10 <= rough { magnitude *= 10 }
        while magnitude > rough { magnitude /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? magnitude * 10
        var ticks: [Double] = []
        var value = 0.0
        while ticks.count < 50 {
            ticks.append(value)
            if value >= limit { break }
            value += step
        }
        return ticks
    }

    private static func label(_ value: Double) -> String {
        value == value.rounded() ? value.formatted(decimals: 0) : value.formatted(decimals: 1)
    }
}
