import ArgumentParser
import GripFitOutput

/// The parser of `check`'s whole-number limits (`--max-ping-p99 300`, `--tare-band 500`): a
/// number in its unit within a range, so a typo in a CI job is a usage error, not a looser check.
enum LimitOption {
    static func parser(_ name: String, unit: String, range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
        { text in
            guard let value = Int(text), range.contains(value) else {
                throw ValidationError(
                    "\(name) takes a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound), "
                        + "not \"\(UntrustedText.escaped(text))\"."
                )
            }
            return value
        }
    }
}
