import ArgumentParser
import Foundation
import GripFitClinical
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
        if let id { try SessionID.validate(id) }
    }

    public func run() throws {
        if let output { try PrivateFiles.checkWritable(output) }
        let (store, damage) = try Storage.historyToRead()
        try export(store, damage: damage, to: StandardStreams())
    }

    /// The work of ``run()`` on an opened history, so a test can read what it writes without a launch (issue 21).
    func export(_ store: any SessionHistory, damage: StoreError?, to sink: some CommandOutput) throws {
        var sessions: [StoredSession] = []
        var damaged: [StoreError] = []
        if let id {
            sessions.append(try store.session(id: id))
        } else {
            // One damaged session must not block the backup of all the others.
            for id in try store.allIDs() {
                do throws(StoreError) {
                    sessions.append(try store.session(id: id))
                } catch .damagedSession(let id, let detail) {
                    damaged.append(.damagedSession(id: id, detail: detail))
                }
            }
        }
        let (subjects, assessments) = try Self.owners(of: sessions, in: store, all: all)
        let text = try SessionExchange.export(sessions, subjects: subjects, assessments: assessments, as: format)
        if let output {
            try PrivateFiles.write(Array(text.utf8), to: output)
            sink.error("exported \(sessions.count) session\(sessions.count == 1 ? "" : "s") to \(output)")
        } else if !sink.write(text) {
            throw CLIFailure("stdout closed before the export was written.", status: .ioError)
        }
        for error in damaged { sink.error("gripfit-serial: not exported: \(error)") }
        if let damage { throw damage }
        if !damaged.isEmpty {
            let sessions = "\(damaged.count) damaged session\(damaged.count == 1 ? "" : "s")"
            throw CLIFailure("\(sessions) not exported (named above).", status: .dataError)
        }
    }

    /// The subjects and assessments the sessions belong to (with --all: every one), so an import restores them.
    static func owners(
        of sessions: [StoredSession], in store: any SessionHistory, all: Bool
    ) throws -> (subjects: [Subject], assessments: [StoredAssessment]) {
        let assessmentIDs = Set(sessions.compactMap(\.tags.assessment))
        let assessments = try store.assessments(subject: nil).filter { all || assessmentIDs.contains($0.id) }
        let codes = Set(sessions.compactMap(\.tags.subject) + assessments.compactMap(\.facts.subject))
        return (try store.subjects().filter { all || codes.contains($0.code) }, assessments)
    }
}
