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

            Example:
              gripfit-serial import backup.json
            """)

    @Argument(help: "The file to import.", completion: .file())
    public var file: String

    public init() {}

    public func run() throws {
        let contents = try Self.contents(in: file, text: try Self.read(file))
        let store = try Storage.history()
        let assessments = try Self.restore(contents, into: store)
        var added = 0
        var skipped = 0
        for var session in contents.sessions {
            session.tags.assessment = session.tags.assessment.flatMap { assessments[$0] }
            switch try SignalShield.run({ try store.save(session) }) {
            case .inserted: added += 1
            case .duplicate: skipped += 1
            }
        }
        StandardOutput.line("imported \(added) session\(added == 1 ? "" : "s"), skipped \(skipped) already in the history")
    }

    /// Files the export's subjects (a code the history holds already keeps its facts there) and
    /// assessments (one the history holds, same device, start and protocol, is reused); returns
    /// each assessment's id in the file mapped to its id in the history.
    static func restore(_ contents: ExchangeContents, into store: any SessionHistory) throws -> [Int64: Int64] {
        let known = Set(try store.subjects().map(\.code))
        for subject in contents.subjects where !known.contains(subject.code) { try store.addSubject(subject) }
        let held = try store.assessments(subject: nil)
        var ids: [Int64: Int64] = [:]
        for (fileID, facts) in contents.assessments {
            let same = held.first {
                $0.facts.device == facts.device && $0.facts.startedAtMilliseconds == facts.startedAtMilliseconds
                    && $0.facts.protocolName == facts.protocolName
            }
            ids[fileID] = try same?.id ?? store.startAssessment(facts)
        }
        return ids
    }

    static func sessions(in path: String, text: String) throws -> [StoredSession] {
        try contents(in: path, text: text).sessions
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
