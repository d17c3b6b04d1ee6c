import ArgumentParser
import Glibc
import GripFitExchange
import GripFitOutput
import GripFitRecords
import GripFitStore

/// `gripfit-serial import FILE`: what `export` wrote, back into the history.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import sessions from a file written by `gripfit-serial export` (JSON or CSV).",
        discussion: """
            A session already in the history (same device, start time and readings) is skipped and \
            counted, so importing the same file twice adds nothing; a different session whose device \
            and start time are taken (a rescue file from a parallel run) is kept a millisecond later.

            The file is read as it is filed, in batches of 500 sessions, each checked whole and \
            written in one transaction, so a file of any size imports in flat memory. A refused \
            batch leaves the earlier batches filed; run the import again after fixing: sessions \
            already filed are skipped. A subject whose code the history holds must carry the same \
            sex, birth, dominant hand, height and weight (the history's note is kept); otherwise the \
            import is refused (exit 65) naming the differing facts, as the code may be another \
            clinic's person. On a terminal, stderr shows how far the import is.

            Example:
              gripfit-serial import backup.json
            """
    )

    @Argument(help: "The file to import.", completion: .file())
    var file: String

    init() {}

    @OptionGroup var historyOption: HistoryOption

    func run() throws {
        try run(station: Station(), to: StandardStreams(), showsProgress: isatty(STDERR_FILENO) == 1)
    }

    /// The work of ``run()`` at `station`, said on `sink`; the count of sessions filed is redrawn
    /// on stderr when `showsProgress` (a terminal).
    func run(station: Station, to sink: some CommandOutput, showsProgress: Bool) throws {
        let fd = try Self.open(file)
        defer { close(fd) }
        let isJSON = try Self.startsWithBrace(fd, path: file)
        let progress: (Int, Int) -> Void = { done, total in
            // Redrawn in place, so the next batch's count overwrites it.
            guard showsProgress else { return }
            _ = Array("\rfiled \(done) of \(total) sessions".utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        let outcome: ImportOutcome
        let store: any SessionHistory
        if isJSON {
            store = try station.history(historyOption)
            do {
                outcome = try JSONImport.run({ try Self.pass(fd, path: file, $0) }, file: Self.filer(store), progress: progress)
            } catch let error as StoreError {
                throw Self.refusal(error, path: file, isJSON: true)
            }
        } else {
            let contents = try Self.contents(in: file, text: try Self.read(file))
            store = try station.history(historyOption)
            var total = ImportOutcome(added: 0, skipped: 0)
            var start = contents.sessions.startIndex
            while start < contents.sessions.endIndex {
                let end = min(start + JSONImport.batchSize, contents.sessions.endIndex)
                let batch = ExchangeContents(sessions: Array(contents.sessions[start..<end]), subjects: [], assessments: [])
                let filed = try Self.filer(store)(batch)
                total.added += filed.added
                total.skipped += filed.skipped
                progress(end, contents.sessions.count)
                start = end
            }
            outcome = total
        }
        if showsProgress { sink.error("") }
        station.audit(store).record(.import, detail: "\(outcome.added) added, \(outcome.skipped) skipped, \(outcome.erased) erased")
        sink.line(
            "imported \(outcome.added) session\(outcome.added == 1 ? "" : "s"), skipped \(outcome.skipped) already in the history"
        )
    }

    /// Files one batch, in one transaction, with signals held off while it is written.
    private static func filer(_ store: any SessionHistory) -> (ExchangeContents) throws -> ImportOutcome {
        { contents in try SignalShield.run { try store.importContents(contents) } }
    }

    /// Reads the file from its start in 1 MiB chunks, for each of ``JSONImport``'s passes.
    private static func pass(_ fd: Int32, path: String, _ body: (ArraySlice<UInt8>) throws -> Void) throws {
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            let code = errno
            throw CLIFailure(
                "\(UntrustedText.escaped(path)): cannot read it twice (\(ErrnoText(code).message)); import a file, not a pipe.",
                status: .ioError
            )
        }
        try readChunks(fd, path: path, size: 1 << 20) { chunk in
            try body(chunk)
            return true
        }
    }

    /// The file's bytes from where `fd` stands, a chunk of at most `size` at a time, until its end
    /// or until `body` returns false; a read that fails names the file and errno (exit 74).
    private static func readChunks(_ fd: Int32, path: String, size: Int, _ body: (ArraySlice<UInt8>) throws -> Bool) throws {
        var chunk = [UInt8](repeating: 0, count: size)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw CLIFailure("\(UntrustedText.escaped(path)): cannot read (\(ErrnoText(code).message)).", status: .ioError)
            }
            guard try body(chunk[0..<count]) else { return }
        }
    }

    /// Whether the file is a JSON export by its first byte that is not white space; an empty file,
    /// or a `.json` that is not JSON, is refused naming what is expected.
    private static func startsWithBrace(_ fd: Int32, path: String) throws -> Bool {
        var first: UInt8?
        try readChunks(fd, path: path, size: 65_536) { chunk in
            first = chunk.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
            return first == nil
        }
        let name = UntrustedText.escaped(path)
        guard let first else { throw CLIFailure("\(name): the file is empty. \(expected)", status: .dataError) }
        if first != UInt8(ascii: "{"), path.lowercased().hasSuffix(".json") {
            throw CLIFailure("\(name): not a JSON export: it does not start with `{`. \(expected)", status: .dataError)
        }
        return first == UInt8(ascii: "{")
    }

    static let expected = "Import only a file written by `gripfit-serial export` (JSON, or CSV with --format csv)."

    /// A file refused for what it holds names the file, where, and the problem in words (exit 65);
    /// other store errors stand as they are.
    static func refusal(_ error: StoreError, path: String, isJSON: Bool) -> any Error {
        // A `catch .badImport(...)` pattern on the typed error crashes the Swift 6.3 compiler.
        guard case .badImport(let line, let reason) = error else { return error }
        let name = UntrustedText.escaped(path)
        let place = isJSON ? "not a gripfit JSON export" + (line > 1 ? " (line \(line))" : "") : "line \(line)"
        return CLIFailure("\(name): \(place): \(UntrustedText.escaped(reason)). \(expected)", status: .dataError)
    }

    /// The contents of an export file; any other file is refused naming it, the kind of file
    /// expected, and what is wrong in words (exit 65).
    static func contents(in path: String, text: String) throws -> ExchangeContents {
        let name = UntrustedText.escaped(path)
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
            throw refusal(error, path: path, isJSON: isJSON)
        }
    }

    /// The file opened for reading; a directory or a missing file is named with errno.
    static func open(_ path: String) throws -> Int32 {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw CLIFailure("\(path): cannot open (\(ErrnoText(code).message)). Check the path and its permissions.", status: .noInput)
        }
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            close(fd)
            throw CLIFailure(
                "\(path) is a directory. Give the file `gripfit-serial export` wrote, e.g. "
                    + "\(path)/backup.json.",
                status: .noInput
            )
        }
        return fd
    }

    /// The whole file (a CSV export's sessions are grouped by its rows, not its layout), bounded;
    /// a read error is named with errno.
    static func read(_ path: String) throws -> String {
        let fd = try open(path)
        defer { close(fd) }
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
