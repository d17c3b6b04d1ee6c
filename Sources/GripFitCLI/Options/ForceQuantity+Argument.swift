import ArgumentParser
import GripFitCore

/// `--mass 10kg`, `--load 22lb`.
extension ForceQuantity: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }
}
