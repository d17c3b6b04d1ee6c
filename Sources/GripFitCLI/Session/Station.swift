import Foundation
import Glibc
import GripFitStore

/// This station as one command sees it: its files at their XDG locations, its config.toml and the
/// environment, built once in the command's `run` and handed to what opens the history, reads
/// calibrations or pins, or files a session, as the history itself is. A test builds one over a
/// scratch directory and an environment of its own instead of changing the process's.
struct Station: Sendable {
    let paths: XDGPaths
    /// What the history's choice (`GRIPFIT_HISTORY`) and a server's connection (~/.pgpass, `PG*`) read.
    let environment: [String: String]

    init(paths: XDGPaths, environment: [String: String]) {
        self.paths = paths
        self.environment = environment
    }

    /// The station of this process's environment: what every command's `run` builds.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(paths: XDGPaths(environment: environment), environment: environment)
    }

    /// This station's config.toml (no settings when there is none), read each time it is asked
    /// for, so a command that needs none of it is not refused for a broken one; a file that does
    /// not read is a usage error naming it.
    func config() throws -> StationConfig {
        do {
            return try StationConfig.load(path: StationConfig.path(in: paths))
        } catch {
            throw CLIFailure(error.description, status: .usage)
        }
    }

    /// The name stored with each session this station records, so a shared history tells the rooms
    /// apart: the config file's `station` key, else this machine's host name; nil when neither names
    /// one (a config file that does not read was refused when the history was chosen).
    var name: String? {
        if let configured = (try? config())?.station { return configured }
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return nil }
        let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    var calibrations: CalibrationBook { CalibrationBook(path: paths.calibrationPath) }

    var pins: PinBook { PinBook(path: paths.pinPath) }
}
