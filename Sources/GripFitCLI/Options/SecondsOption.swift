import ArgumentParser
import GripFitCore

/// Seconds from the command line (`--duration`, `--timeout`, `--rest` …), checked before any
/// arithmetic: a finite number within bounds. `inf`, `nan`, `1e10` or `-1` get a message naming
/// the option and exit 64, never a trap in a Duration conversion. Options using it parse their
/// value unconditionally, so `--duration -1` reaches this check instead of "Missing value".
enum SecondsOption {
    /// A week: longer than any session, and far from where time arithmetic could overflow.
    static let week: Double = 604_800

    /// A parser for `name` accepting `minimum` (or, when `inclusive` is false, anything above it) to `maximum`.
    static func parser(_ name: String, minimum: Double, inclusive: Bool = true, maximum: Double = week)
        -> @Sendable (String) throws -> Double
    {
        { text in
            guard let value = Double(text), value.isFinite, inclusive ? value >= minimum : value > minimum, value <= maximum else {
                let lower = inclusive ? "at least \(minimum.formatted(decimals: 1))" : "more than \(minimum.formatted(decimals: 0))"
                throw ValidationError(
                    "\(name) takes a number of seconds, \(lower) and at most \(maximum.formatted(decimals: 0))"
                        + (maximum == week ? " (a week)" : "") + ".")
            }
            return value
        }
    }
}
