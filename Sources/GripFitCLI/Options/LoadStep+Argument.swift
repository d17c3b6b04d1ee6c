import ArgumentParser
import GripFitCore
import GripFitSimulator

/// `--load 10kg` (from the start) or `--load 10kg@8` (from 8 s after the simulator started).
extension LoadStep: ExpressibleByArgument {
    public init?(argument: String) {
        let parts = argument.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let kilograms = Self.kilograms(parts[0]) else { return nil }
        var seconds = 0.0
        if parts.count == 2 {
            guard let value = Double(parts[1]), value.isFinite, value >= 0, value <= 86_400 else { return nil }
            seconds = value
        }
        self.init(seconds: seconds, kilograms: kilograms)
    }

    /// A force with its unit; unlike a calibration mass, an empty handle (`0kg`) is a load too.
    private static func kilograms(_ text: Substring) -> Double? {
        if let force = ForceQuantity(parsing: text), force.kilograms.isFinite { return force.kilograms }
        guard let split = text.firstIndex(where: \.isLetter), ForceUnit(parsing: text[split...]) != nil,
            Double(text[..<split]) == 0
        else { return nil }
        return 0
    }
}
