import ArgumentParser
import GripFitCore

/// `--mass 10kg`: a force with its unit, refused with the reason and a value that works.
extension ForceQuantity {
    /// A parser for the option `name`; use it with `parsing: .unconditional`, so `--mass -5kg`
    /// reaches it instead of being read as an option.
    static func parser(_ name: String) -> @Sendable (String) throws -> ForceQuantity {
        { text in
            do {
                return try ForceQuantity(validating: text)
            } catch {
                // argument-parser names the value and the option before it.
                throw ValidationError("\(error). Give a number and its unit, e.g. \(name) 5kg, \(name) 11lb or \(name) 49N.")
            }
        }
    }
}
