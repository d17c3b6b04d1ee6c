import ArgumentParser
import GripFitCore

/// `--protocol NAME`: one of ``GripProtocol/all`` by name; any other is refused listing them (exit 64).
extension GripProtocol: ExpressibleByArgument {
    public init?(argument: String) {
        guard let known = GripProtocol.named(argument) else { return nil }
        self = known
    }

    public static var allValueStrings: [String] { all.map(\.name) }

    /// Shells complete the names, as for every other enumeration.
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    public var defaultValueDescription: String { name }
}
