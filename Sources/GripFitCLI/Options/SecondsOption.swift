import ArgumentParser
import GripFitCore

/// Seconds from the command line (`--duration`, `--timeout`, `--rest` …), checked before any
/// arithmetic: a finite number within bounds. `inf`, `nan`, `1e10` or `-1` get a message naming
/// the option and its one range (the same words for a value below it and above it), and exit 64,
/// never a trap in a Duration conversion. Options using it parse their value unconditionally, so
/// `--duration -1` reaches this check instead of "Missing value".
enum SecondsOption {
    /// A week: longer than any session, and far from where time arithmetic could overflow.
    static let week: Double = 604_800

    /// A parser for `name` accepting `minimum` (or, when `inclusive` is false, anything above it) to `maximum`.
    static func parser(
        _ name: String,
        minimum: Double,
        inclusive: Bool = true,
        maximum: Double = week
    )
        -> @Sendable (String) throws -> Double
    {
        { text in
            guard let value = Double(text), value.isFinite, inclusive ? value >= minimum : value > minimum, value <= maximum else {
                // argument-parser puts "The value '-1' is invalid for '--rest <rest>'" before it.
                throw ValidationError(range(name, minimum: minimum, inclusive: inclusive, maximum: maximum) + ".")
            }
            return value
        }
    }

    /// The range in words, the same for every value refused: "--rest takes a number of seconds
    /// from 0 to 3600".
    static func range(_ name: String, minimum: Double, inclusive: Bool, maximum: Double) -> String {
        let upper = number(maximum) + (maximum == week ? " (a week)" : "")
        return inclusive
            ? "\(name) takes a number of seconds from \(number(minimum)) to \(upper)"
            : "\(name) takes a number of seconds more than \(number(minimum)) and at most \(upper)"
    }

    /// `3`, `0.5`: whole numbers without a fraction. The bounds are the program's own, far inside Int.
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : value.formatted(decimals: 1)
    }
}
