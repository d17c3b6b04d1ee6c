import Foundation
internal import TOMLKit

/// This station's settings in `$XDG_CONFIG_HOME/gripfit/config.toml`: which history it uses
/// (`history`, below `--history` and `GRIPFIT_HISTORY`) and its name (`station`, stored with each
/// session it records) and the system its subject codes belong to in FHIR exports
/// (`patient-identifier-system`, the clinic's MRN system URI). The file may be absent; a key this build does not know, or a value of the
/// wrong kind, is refused rather than ignored, so a typo never sends sessions to the wrong history.
public struct StationConfig: Equatable, Sendable {
    public var history: HistoryLocation?
    public var station: String?
    /// The URI of the clinic's own patient identifier system (its MRN's), which a FHIR export's
    /// Patient identifier then belongs to; nil: one of this site's (``FHIRIdentity``).
    public var patientIdentifierSystem: String?

    public init(history: HistoryLocation? = nil, station: String? = nil, patientIdentifierSystem: String? = nil) {
        self.history = history
        self.station = station
        self.patientIdentifierSystem = patientIdentifierSystem
    }

    public static func path(in paths: XDGPaths) -> String { paths.configDirectory + "/config.toml" }

    /// The file at `path`, or no settings when there is none.
    public static func load(path: String) throws(StationConfigError) -> StationConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                throw StationConfigError(path: path, line: nil, problem: "cannot be read (check its permissions)")
            }
            return StationConfig()
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw StationConfigError(path: path, line: nil, problem: "is not UTF-8 text")
        }
        return try StationConfig(toml: text, path: path)
    }

    /// `path` names the file in messages; a relative `sqlite:` path is taken from the file's directory.
    public init(toml text: String, path: String) throws(StationConfigError) {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw StationConfigError(path: path, line: error.source.begin.line, problem: "not TOML (\(error.description))")
        } catch {
            throw StationConfigError(path: path, line: nil, problem: "not TOML (\(error))")
        }
        func string(_ key: String) throws(StationConfigError) -> String? {
            guard let value = table[key] else { return nil }
            guard let string = value.string, !string.isEmpty else {
                throw StationConfigError(path: path, line: Self.line(of: key, in: text), problem: "\(key) must be a non-empty string")
            }
            return string
        }
        for key in table.keys.sorted() where !["history", "station", Self.patientSystemKey].contains(key) {
            throw StationConfigError(path: path, line: Self.line(of: key, in: text), problem: "unknown key '\(key)'")
        }
        self.init()
        station = try string("station")
        if let system = try string(Self.patientSystemKey) {
            guard Self.isAbsoluteURI(system) else {
                throw StationConfigError(
                    path: path,
                    line: Self.line(of: Self.patientSystemKey, in: text),
                    problem: "\(Self.patientSystemKey) must be an absolute URI without spaces, such as "
                        + "\"https://clinic.example/fhir/mrn\" or \"urn:oid:1.2.3.4\"; got \"\(system)\""
                )
            }
            patientIdentifierSystem = system
        }
        if let history = try string("history") {
            switch HistoryLocation.parse(history, directory: (path as NSString).deletingLastPathComponent) {
            case .success(let location): self.history = location
            case .failure(let refusal):
                throw StationConfigError(path: path, line: Self.line(of: "history", in: text), problem: refusal.description)
            }
        }
    }

    static let patientSystemKey = "patient-identifier-system"

    /// A scheme (a letter, then letters, digits, `+`, `-` or `.`), a colon and more, with no space or
    /// control character: what FHIR's `uri` type takes for an identifier's system.
    static func isAbsoluteURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex else {
            return false
        }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        let schemeOK = scheme.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar))
        }
        return schemeOK && text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && !$0.properties.isWhitespace }
    }

    /// TOMLKit gives no key's position: the first line that sets it, as written at the top level.
    private static func line(of key: String, in text: String) -> Int? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            for spelling in [key, "\"\(key)\"", "'\(key)'"] where trimmed.hasPrefix(spelling) {
                if trimmed.dropFirst(spelling.count).drop(while: { $0 == " " || $0 == "\t" }).first == "=" { return index + 1 }
            }
        }
        return nil
    }

    /// The name stored with this station's sessions: the config's, else the host's.
    public func stationName(hostName: String = ProcessInfo.processInfo.hostName) -> String {
        station ?? hostName
    }
}
