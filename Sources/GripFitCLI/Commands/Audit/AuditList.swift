import ArgumentParser
import Foundation
import GripFitOutput
import GripFitRecords
import GripFitStore

/// `gripfit-serial audit list`: the trail's entries, oldest first, as a table or JSON.
struct AuditList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the audit trail's entries, oldest first.",
        discussion: """
            --subject finds a subject's entries by computing the keyed digest of the code, also \
            after the subject was forgotten. Subjects are shown as the first 8 digits of their digest.

            Examples:
              gripfit-serial audit list --subject P017 --since 2026-11-01
              gripfit-serial audit list --action export --format json
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table
        case json
    }

    @Option(help: "Only entries concerning the subject of this code.")
    var subject: String?

    @Option(help: "Only entries from this time on: 2026-11-22 or 2026-11-22T09:10:00+01:00.")
    var since: String?

    @Option(help: "Only entries of this action: \(AuditAction.allCases.map(\.rawValue).joined(separator: ", ")).")
    var action: String?

    @Option(help: "table or json.")
    var format: Format = .table

    @OptionGroup var historyOption: HistoryOption

    init() {}

    func validate() throws {
        if let since, Timestamp.parse(since) == nil {
            throw ValidationError("--since: give a date (2026-11-22) or a time (2026-11-22T09:10:00Z), not \(since).")
        }
        if let action, AuditAction(rawValue: action) == nil {
            throw ValidationError("--action: one of \(AuditAction.allCases.map(\.rawValue).joined(separator: ", ")), not \(action).")
        }
    }

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The work of ``run()`` at `station`, written on `sink`.
    func run(station: Station, to sink: some CommandOutput) throws {
        let (store, damage) = try station.historyToRead(historyOption)
        let filter = AuditFilter(subject: subject, sinceMilliseconds: since.flatMap(Timestamp.parse), action: action)
        let entries = try store.auditEntries(filter)
        switch format {
        case .table:
            for line in Self.table(entries) where !sink.line(line) { break }
        case .json: sink.line(try Self.json(entries))
        }
        if let damage { throw damage }
    }

    static func table(_ entries: [AuditEntry]) -> [String] {
        let rows = entries.map { entry in
            [
                String(entry.sequence), Timestamp.local(milliseconds: entry.atMilliseconds, timeZone: .current),
                entry.actor.name, entry.actor.role, entry.actor.station, entry.action,
                entry.subjects.map { String($0.prefix(8)) }.joined(separator: ","),
                (entry.sessions + entry.assessments).joined(separator: ","), entry.detail, entry.outcome,
            ].map { UntrustedText.escaped($0) }
        }
        let header = ["#", "time", "actor", "role", "station", "action", "subjects", "records", "detail", "outcome"]
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
    }

    static func json(_ entries: [AuditEntry]) throws -> String {
        let objects: [[String: Any]] = entries.map { entry in
            [
                "seq": entry.sequence, "time": Timestamp.rfc3339(milliseconds: entry.atMilliseconds), "actor": entry.actor.name,
                "role": entry.actor.role, "station": entry.actor.station, "action": entry.action, "subjects": entry.subjects,
                "sessions": entry.sessions, "assessments": entry.assessments, "detail": entry.detail, "outcome": entry.outcome,
                "previous": entry.previous, "hash": entry.hash,
            ]
        }
        let data = try JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}
