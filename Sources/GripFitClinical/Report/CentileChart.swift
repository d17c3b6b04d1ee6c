import GripFitCore
import GripFitOutput

/// The norm's centile curves (P10…P90) over age, in years and kg, with the subject's best grip
/// marked and labelled: where the subject stands at a glance, as growth charts show it. Inline SVG,
/// nothing fetched; labels escaped here, at output.
public enum CentileChart {
    static let width = 360.0
    static let height = 280.0
    static let left = 38.0
    static let right = 318.0
    static let top = 10.0
    static let bottom = 244.0

    public static func svg(curves: [CentileCurve], subject: ChartPoint?) -> String {
        let usableSubject = subject.flatMap { ChartAxis.isUsable($0.age) && ChartAxis.isUsable($0.kg) ? $0 : nil }
        let points =
            curves.flatMap(\.points).filter { ChartAxis.isUsable($0.age) && ChartAxis.isUsable($0.kg) }
            + (usableSubject.map { [$0] } ?? [])
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 \(number(width)) \(number(height))\""
            + " role=\"img\" aria-label=\"Centile curves of grip strength by age\">"
        guard let ages = ChartAxis(values: points.map(\.age), step: 10, includingZero: false),
            let kgs = ChartAxis(values: points.map(\.kg), step: 10, includingZero: true),
            curves.contains(where: { $0.points.contains { ChartAxis.isUsable($0.age) && ChartAxis.isUsable($0.kg) } })
        else {
            return svg + "<text x=\"\(number(width / 2))\" y=\"\(number(height / 2))\" text-anchor=\"middle\" class=\"none\">"
                + "no centile curves to draw</text></svg>"
        }
        func x(_ age: Double) -> Double { ages.position(age, from: left, to: right) }
        func y(_ kg: Double) -> Double { kgs.position(kg, from: bottom, to: top) }
        svg += axes(ages: ages, kgs: kgs, x: x, y: y)
        var ends: [(label: String, y: Double)] = []
        for (index, curve) in curves.enumerated() {
            let usable = curve.points.filter { ChartAxis.isUsable($0.age) && ChartAxis.isUsable($0.kg) }.sorted { $0.age < $1.age }
            guard let last = usable.last else { continue }
            let middle = index == curves.count / 2
            svg +=
                "<polyline class=\"\(middle ? "centile median" : "centile")\" fill=\"none\" points=\""
                + usable.map { "\(number(x($0.age))),\(number(y($0.kg)))" }.joined(separator: " ") + "\"/>"
            ends.append((curve.label, y(last.kg)))
        }
        let spread = ChartLabels.spread(ends.map(\.y), gap: 8)
        for (end, labelY) in zip(ends, spread) {
            svg +=
                "<text class=\"curve-label\" x=\"\(number(right + 3))\" y=\"\(number(labelY + 3))\">"
                + XMLText.escaped(end.label) + "</text>"
        }
        if let point = usableSubject {
            let px = x(point.age)
            let py = y(point.kg)
            let anchor = px > (left + right) / 2 ? "end" : "start"
            let labelX = anchor == "end" ? px - 7 : px + 7
            // The age band only, as on the rest of the page: the exact age would narrow the subject down.
            let label = "this subject: \(point.kg.formatted(decimals: 1)) kg, \(Age.band(point.age) ?? "–") y"
            // A pale box under the label keeps it readable across the curves (a stroked halo would
            // print the text twice for pdftotext and screen readers).
            let labelWidth = Double(label.count) * 5.6 + 4
            let boxX = anchor == "end" ? labelX - labelWidth + 2 : labelX - 2
            svg +=
                "<rect class=\"label-back\" x=\"\(number(boxX))\" y=\"\(number(py - 15))\" width=\"\(number(labelWidth))\""
                + " height=\"12\" rx=\"2\"/>"
                + "<circle class=\"subject\" cx=\"\(number(px))\" cy=\"\(number(py))\" r=\"4\"/>"
                + "<text class=\"subject-label\" x=\"\(number(labelX))\" y=\"\(number(py - 6))\" text-anchor=\"\(anchor)\">"
                + label + "</text>"
        }
        return svg + "</svg>"
    }

    private static func axes(ages: ChartAxis, kgs: ChartAxis, x: (Double) -> Double, y: (Double) -> Double) -> String {
        var svg = "<g class=\"axes\">"
        for kg in kgs.ticks {
            svg +=
                "<line class=\"grid\" x1=\"\(number(left))\" x2=\"\(number(right))\" y1=\"\(number(y(kg)))\" y2=\"\(number(y(kg)))\"/>"
                + "<text x=\"\(number(left - 4))\" y=\"\(number(y(kg) + 3))\" text-anchor=\"end\">\(kg.formatted(decimals: 0))</text>"
        }
        for age in ages.ticks {
            svg +=
                "<line class=\"tick\" x1=\"\(number(x(age)))\" x2=\"\(number(x(age)))\" y1=\"\(number(bottom))\""
                + " y2=\"\(number(bottom + 4))\"/>"
                + "<text x=\"\(number(x(age)))\" y=\"\(number(bottom + 14))\" text-anchor=\"middle\">\(age.formatted(decimals: 0))</text>"
        }
        svg +=
            "<line class=\"axis\" x1=\"\(number(left))\" x2=\"\(number(right))\" y1=\"\(number(bottom))\" y2=\"\(number(bottom))\"/>"
            + "<line class=\"axis\" x1=\"\(number(left))\" x2=\"\(number(left))\" y1=\"\(number(top))\" y2=\"\(number(bottom))\"/>"
            + "<text x=\"\(number((left + right) / 2))\" y=\"\(number(height - 6))\" text-anchor=\"middle\">age (years)</text>"
            + "<text transform=\"translate(10 \(number((top + bottom) / 2))) rotate(-90)\" text-anchor=\"middle\">grip (kg)</text>"
        return svg + "</g>"
    }

    static func number(_ value: Double) -> String { value.formatted(decimals: 1) }
}
