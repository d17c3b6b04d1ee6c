import ArgumentParser
import Foundation
import GripFitStore

/// `gripfit-serial import FILE`: what `export` wrote, back into the history.
public struct Import: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Import sessions from a file written by `gripfit-serial export` (JSON or CSV).",
        discussion: """
            A session already in the history (same device and start time) is skipped and counted, \
            so importing the same file twice adds nothing.

            Example:
              gripfit-serial import backup.json
            """)

    @Argument(help: "The file to import.", completion: .file())
    public var file: String

    public init() {}

    public func run() throws {
        StandardOutput.ignoreBrokenPipe()
        let text = try Self.read(file)
        let sessions = try SessionExchange.parse(text)
        let store = try Storage.history()
        var added = 0
        var skipped = 0
        for session in sessions {
            switch try SignalShield.run({ try store.save(session) }) {
            case .inserted: added += 1
            case .duplicate: skipped += 1
            }
        }
        StandardOutput.line("imported \(added) session\(added == 1 ? "" : "s"), skipped \(skipped) already in the history")
    }

    static func read(_ path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CLIFailure("\(path): cannot open. Check the path and its permissions.", status: .noInput)
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: SessionExchange.maximumImportBytes + 1) ?? Data()
        } catch {
            throw CLIFailure("\(path): cannot read (\(error.localizedDescription)).", status: .ioError)
        }
        guard data.count <= SessionExchange.maximumImportBytes else {
            throw CLIFailure("\(path) is larger than \(SessionExchange.maximumImportBytes / 1_048_576) MiB; split the export.", status: .dataError)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
