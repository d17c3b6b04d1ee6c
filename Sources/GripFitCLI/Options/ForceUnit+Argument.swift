import ArgumentParser
import GripFitCore

/// `--unit kg|lb|N`.
extension ForceUnit: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
