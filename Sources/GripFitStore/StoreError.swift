/// Store failures, each naming what to do.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database or a file could not be opened or written.
    case unavailable(path: String, reason: String)
    /// Stored or imported data does not decode.
    case corrupt(String)
    case notFound(id: Int64)
    /// An import file is not what `export` writes.
    case badImport(line: Int, reason: String)

    public var description: String {
        switch self {
        case .unavailable(let path, let reason):
            "\(path): \(reason). Check that the directory is writable, or set XDG_DATA_HOME / XDG_CONFIG_HOME."
        case .corrupt(let detail):
            "the history database holds unreadable data (\(detail)); export what still reads and start a new one"
        case .notFound(let id):
            "no session \(id); `gripfit-serial history` lists the ids"
        case .badImport(let line, let reason):
            "import file, line \(line): \(reason). Import only files written by `gripfit-serial export`."
        }
    }
}
