import ArgumentParser
import Foundation
import GripFitStore

/// `gripfit-serial export`: sessions with their raw traces, as CSV or JSON.
public struct Export: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Export sessions (summary, reps and raw readings) as JSON or CSV.",
        discussion: """
            `gripfit-serial import` reads either format back; sessions already in the history are skipped.

            Examples:
              gripfit-serial export 3 --format csv > session3.csv
              gripfit-serial export --all --format json -o backup.json
            """)

    @Argument(help: "The session id, from `gripfit-serial history`.")
    public var id: Int64?

    @Flag(help: "Export every session.")
    public var all = false

    @Option(help: "json or csv.")
    public var format: ExportFormat = .json

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file"),
        completion: .file())
    public var output: String?

    public init() {}

    public func validate() throws {
        if (id == nil) == !all { throw ValidationError("Give a session id, or --all (not both).") }
    }

    public func run() throws {
        StandardOutput.ignoreBrokenPipe()
        let store = try Storage.history()
        let ids = try id.map { [$0] } ?? store.allIDs()
        let text = SessionExchange.export(try ids.map { try store.session(id: $0) }, as: format)
        guard let output else {
            StandardOutput.write(text)
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CLIFailure("\(output): cannot write (\(error.localizedDescription)). Pick a writable path.", status: .cannotCreate)
        }
        StandardOutput.error("exported \(ids.count) session\(ids.count == 1 ? "" : "s") to \(output)")
    }
}
