import Foundation

/// Where gripfit keeps its files, per the XDG Base Directory spec: history under
/// `$XDG_DATA_HOME/gripfit`, calibrations under `$XDG_CONFIG_HOME/gripfit`.
public struct XDGPaths: Sendable {
    public let dataDirectory: String
    public let configDirectory: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        // The spec says relative values are invalid and must be ignored.
        func base(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        dataDirectory = base("XDG_DATA_HOME", ".local/share") + "/gripfit"
        configDirectory = base("XDG_CONFIG_HOME", ".config") + "/gripfit"
    }

    public var databasePath: String { dataDirectory + "/history.sqlite" }
    public var calibrationPath: String { configDirectory + "/calibrations.json" }
    public var pinPath: String { configDirectory + "/pins.json" }
}
