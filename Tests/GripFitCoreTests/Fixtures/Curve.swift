import GripFitCore

/// Synthetic traces with hand-computable answers.
enum Curve {
    static func samples(_ values: [Double], step: Double = 0.1, start: Double = 0) -> [ForceSample] {
        values.enumerated().map { ForceSample(time: start + Double($0.offset) * step, value: $0.element) }
    }

    /// A symmetric triangle from 0 up to `peak` and back in `steps` increments each way.
    static func triangle(peak: Double, steps: Int) -> [Double] {
        let up = (0...steps).map { peak * Double($0) / Double(steps) }
        return up + up.reversed().dropFirst()
    }
}
