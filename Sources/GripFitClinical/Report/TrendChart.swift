import GripFitCore
import GripFitOutput

/// The subject's earlier assessments' best grip by date, so a change since the last visit shows
/// beside today's figures. Dates are evenly spaced (visits are what the reader counts); only
/// finite figures are drawn, and the chart says so when there is nothing to draw.
public enum TrendChart {
    static let width = 360.0
    static let height = 280.0
    static let left = 38.0
    static let right = 340.0
    static let top = 14.0
    static let bottom = 244.0

    public static func svg(points: [TrendPoint]) -> String {
        let svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 \(number(width)) \(number(height))\""
            + " role=\"img\" aria-label=\"Best grip of earlier assessments by date\">"
        let usable = points.filter { ChartAxis.isUsable($0.bestKg) }
        guard let kgs = ChartAxis(values: usable.map(\.bestKg), step: 10, includingZero: true) else {
            let words = points.isEmpty ? "no earlier assessment" : "no earlier assessment with a usable best figure"
            return svg + "<text x=\"\(number(width / 2))\" y=\"\(number(height / 2))\" text-anchor=\"middle\" class=\"none\">"
                + "\(words)</text></svg>"
        }
        let slot = (right - left) / Double(usable.count)
        func x(_ index: Int) -> Double { left + slot * (Double(index) + 0.5) }
        func y(_ kg: Double) -> Double { kgs.position(kg, from: bottom, to: top) }
        var body = "<g class=\"axes\">"
        for kg in kgs.ticks {
            body +=
                "<line class=\"grid\" x1=\"\(number(left))\" x2=\"\(number(right))\" y1=\"\(number(y(kg)))\" y2=\"\(number(y(kg)))\"/>"
                + "<text x=\"\(number(left - 4))\" y=\"\(number(y(kg) + 3))\" text-anchor=\"end\">\(kg.formatted(decimals: 0))</text>"
        }
        body +=
            "<line class=\"axis\" x1=\"\(number(left))\" x2=\"\(number(right))\" y1=\"\(number(bottom))\" y2=\"\(number(bottom))\"/>"
            + "<line class=\"axis\" x1=\"\(number(left))\" x2=\"\(number(left))\" y1=\"\(number(top))\" y2=\"\(number(bottom))\"/>"
            + "<text x=\"\(number((left + right) / 2))\" y=\"\(number(height - 6))\" text-anchor=\"middle\">date of assessment</text>"
            + "<text transform=\"translate(10 \(number((top + bottom) / 2))) rotate(-90)\" text-anchor=\"middle\">best grip (kg)</text>"
        // Every date would collide beyond about six; every n-th, counted back from the latest, still
        // gives the time scale and always names the latest.
        let labelEvery = max(1, (usable.count + 5) / 6)
        for (index, point) in usable.enumerated() where (usable.count - 1 - index) % labelEvery == 0 {
            body +=
                "<text x=\"\(number(x(index)))\" y=\"\(number(bottom + 14))\" text-anchor=\"middle\">"
                + XMLText.escaped(point.date) + "</text>"
        }
        body += "</g>"
        if usable.count > 1 {
            body +=
                "<polyline class=\"trend\" fill=\"none\" points=\""
                + usable.indices.map { "\(number(x($0))),\(number(y(usable[$0].bestKg)))" }.joined(separator: " ") + "\"/>"
        }
        for (index, point) in usable.enumerated() {
            body += "<circle class=\"visit\" cx=\"\(number(x(index)))\" cy=\"\(number(y(point.bestKg)))\" r=\"3\"/>"
            if usable.count <= 12 {
                body +=
                    "<text class=\"value\" x=\"\(number(x(index)))\" y=\"\(number(y(point.bestKg) - 7))\" text-anchor=\"middle\">"
                    + point.bestKg.formatted(decimals: 1) + "</text>"
            }
        }
        return svg + body + "</svg>"
    }

    static func number(_ value: Double) -> String { value.formatted(decimals: 1) }
}
