import ArgumentParser
import Glibc
import GripFitOutput
import GripFitStore

/// `gripfit-serial import FILE`: what `export` wrote, back into the history.
public struct Import: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Import sessions from a file written by `gripfit-serial export` (JSON or CSV).",
        discussion: """
            A session already in the history (same device, start time and readings) is skipped and \
            counted, so importing the same file twice adds nothing; a different session whose device \
            and start time are taken (a rescue file from a parallel run) is kept a millisecond later.

            The whole file is checked first and written in one transaction: a refused file adds \
            nothing. A subject whose code the history holds must carry the same sex, birth, \
            dominant hand, height and weight (the history's note is kept); otherwise the import is \
            refused (exit 65) naming the differing facts, as the code may be another clinic's person.

            Example:
              gripfit-serial import backup.json
            """)

    @Argument(help: "The file to import.", completion: .file())
    public var file: String

    public init() {}

    @OptionGroup public var historyOption: HistoryOption

    public func run() throws {
        let contents = try Self.contents(in: file, text: try Self.read(file))
        let store = try Storage.history(historyOption)
        let outcome = try SignalShield.run { try store.importContents(contents) }
        StandardOutput.line(
            "imported \(outcome.added) session\(outcome.added == 1 ? "" : "s"), skipped \(outcome.skipped) already in the history")
    }

    /// The contents of an export file; any other file is refused naming it, the kind of file
    /// expected, and what is wrong in words (exit 65).
    static func contents(in path: String, text: String) throws -> ExchangeContents {
        let name = UntrustedText.escaped(path)
        let expected = "Import only a file written by `gripfit-serial export` (JSON, or CSV with --format csv)."
        let isJSON = text.drop { $0.isWhitespace }.hasPrefix("{")
        if text.allSatisfy(\.isWhitespace) {
            throw CLIFailure("\(name): the file is empty. \(expected)", status: .dataError)
        }
        // By its content, a `.json` file would be read as CSV and refused for its "header".
        if !isJSON, path.lowercased().hasSuffix(".json") {
            throw CLIFailure("\(name): not a JSON export: it does not start with `{`. \(expected)", status: .dataError)
        }
        do {
            return try SessionExchange.contents(text)
        } catch {
            // A `catch .badImport(...)` pattern on the typed error crashes the Swift 6.3 compiler.
            guard case .badImport(let line, let reason) = error else { throw error }
            let place = isJSON ? "not a gripfit JSON export" : "line \(line)"
            throw CLIFailure("\(name): \(place): \(UntrustedText.escaped(reason)). \(expected)", status: .dataError)
        }
    }

    /// The whole file, bounded; a directory, a missing file or a read error is named with errno.
    static func read(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw CLIFailure("\(path): cannot open (\(ErrnoText(code).message)). Check the path and its permissions.", status: .noInput)
        }
        defer { close(fd) }
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw CLIFailure("\(path) is a directory. Give the file `gripfit-serial export` wrote, e.g. "
                + "\(path)/backup.json.", status: .noInput)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= SessionExchange.maximumImportBytes {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw CLIFailure("\(path): cannot read (\(ErrnoText(code).message)).", status: .ioError)
            }
            bytes += chunk[0..<count]
        }
        guard bytes.count <= SessionExchange.maximumImportBytes else {
            let limit = SessionExchange.maximumImportBytes / 1_048_576
            throw CLIFailure("\(path) is larger than \(limit) MiB; split the export.", status: .dataError)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
