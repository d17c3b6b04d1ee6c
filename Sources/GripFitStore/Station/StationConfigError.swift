import GripFitOutput

/// `config.toml` does not say what this build reads: the message names the file, the line where
/// it is known, and the fix.
public struct StationConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var problem: String

    public init(path: String, line: Int?, problem: String) {
        self.path = path
        self.line = line
        self.problem = problem
    }

    public var description: String {
        let place = line.map { "\(path), line \($0)" } ?? path
        return "\(place): \(UntrustedText.escaped(problem)). The file takes three keys, history = \"postgresql://USER@HOST/DATABASE\" "
            + "(or \"sqlite:PATH\"), station = \"NAME\" and patient-identifier-system = \"URI\"; correct it, or move it aside to "
            + "use the defaults."
    }
}
