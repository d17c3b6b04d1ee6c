import GripFitCore
import GripFitStore

/// Best and mean per hand and the left/right difference, as grip assessments report them.
enum ProtocolReport {
    static func lines(_ peaks: [Hand: [Double]], calibrated: Bool, unit: ForceUnit) -> [String] {
        func text(_ value: Double) -> String {
            calibrated
                ? "\(unit.fromKilograms(value).formatted(decimals: 2)) \(unit.rawValue)" : "\(value.formatted(decimals: 0)) raw"
        }
        var lines = ["", "hand   trials  best          mean"]
        var best: [Hand: Double] = [:]
        for hand in Hand.allCases {
            guard let values = peaks[hand], let top = values.max() else { continue }
            best[hand] = top
            let mean = values.reduce(0, +) / Double(values.count)
            lines.append(
                SessionText.pad(hand.rawValue, 7) + SessionText.pad(String(values.count), 8) + SessionText.pad(text(top), 14)
                    + text(mean))
        }
        if let left = best[.left], let right = best[.right], max(left, right) > 0 {
            let difference = abs(right - left) / max(left, right) * 100
            let stronger = right >= left ? "right" : "left"
            lines.append(
                "left/right difference: \(difference.formatted(decimals: 1)) % (\(stronger) stronger, relative to the stronger hand's best)")
        }
        return lines
    }
}
