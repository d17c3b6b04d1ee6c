import ArgumentParser
import GripFitCore

/// `--person right=30,32,31`: the peaks in kilograms a simulated person squeezes with one hand, in
/// the order that hand's trials are cued (practice trials first).
struct PersonPeaks: ExpressibleByArgument {
    var hand: Hand
    var kilograms: [Double]

    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, let hand = Hand(rawValue: String(parts[0])) else { return nil }
        let values = parts[1].split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingPrefixAndSuffixKg) }
        guard !values.isEmpty, values.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 && $0 <= 200 } ?? false }) else { return nil }
        self.hand = hand
        kilograms = values.compactMap { $0 }
    }
}

extension Substring {
    /// "30" or "30kg": the number before an optional kg.
    fileprivate var trimmingPrefixAndSuffixKg: Substring {
        hasSuffix("kg") ? dropLast(2) : self
    }
}
