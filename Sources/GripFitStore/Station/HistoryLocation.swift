import Foundation
import GripFitOutput

/// Where the history is: this station's SQLite file, or a PostgreSQL server shared by several
/// stations. Written as `--history`, `GRIPFIT_HISTORY` and the config's `history` key take it:
/// `postgresql://…` (or `postgres://…`, the scheme in any case), `sqlite:PATH`, or a bare path. Only the scheme is read
/// here: the server's own parser checks the rest of a URL (and refuses a password in it).
public enum HistoryLocation: Equatable, Sendable, CustomStringConvertible {
    case sqlite(path: String)
    case postgresql(url: String)

    /// What the text names, or a sentence saying what it takes; a relative path is taken from
    /// `directory` (the working directory), so two spellings of one file compare equal.
    public static func parse(_ text: String, directory: String = FileManager.default.currentDirectoryPath) -> Result<Self, Refusal> {
        let lowered = text.lowercased()
        // The scheme in any case (RFC 3986), kept in lower case: one server is one location.
        if let scheme = ["postgresql://", "postgres://"].first(where: { lowered.hasPrefix($0) }) {
            return .success(.postgresql(url: scheme + text.dropFirst(scheme.count)))
        }
        let path = lowered.hasPrefix("sqlite:") ? String(text.dropFirst("sqlite:".count)) : text
        guard !path.isEmpty, !path.contains("://") else {
            return .failure(Refusal(text: text))
        }
        let absolute = path.hasPrefix("/") ? path : directory + "/" + path
        return .success(.sqlite(path: (absolute as NSString).standardizingPath))
    }

    /// Why a history's text was refused.
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        public var text: String

        public var description: String {
            "'\(UntrustedText.escaped(text))' is not a history: give postgresql://USER@HOST/DATABASE (the password in ~/.pgpass or "
                + "PGPASSWORD), sqlite:PATH or a file path"
        }
    }

    public var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .postgresql(let url): url
        }
    }

    public var isServer: Bool {
        if case .postgresql = self { return true }
        return false
    }
}
