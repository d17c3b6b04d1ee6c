import ArgumentParser
import Foundation
import GripFitExchange
import GripFitRecords
import GripFitStore

/// `gripfit-serial audit export --format fhir`: the trail as FHIR AuditEvents.
struct AuditExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the audit trail as FHIR R4 AuditEvents (IHE BALP-shaped) in a Bundle, to standard output.",
        discussion: """
            Example:
              gripfit-serial audit export --format fhir --since 2026-11-01 > audit.json
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case fhir
    }

    @Option(help: "fhir (the only one).")
    var format: Format = .fhir

    @Option(help: "Only entries from this time on: 2026-11-22 or 2026-11-22T09:10:00+01:00.")
    var since: String?

    @OptionGroup var historyOption: HistoryOption

    init() {}

    func validate() throws {
        if let since, Timestamp.parse(since) == nil {
            throw ValidationError("--since: give a date (2026-11-22) or a time (2026-11-22T09:10:00Z), not \(since).")
        }
    }

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The work of ``run()`` at `station`, written on `sink`.
    func run(station: Station, to sink: some CommandOutput) throws {
        let (store, damage) = try station.historyToRead(historyOption)
        let entries = try store.auditEntries(AuditFilter(sinceMilliseconds: since.flatMap(Timestamp.parse)))
        let data = try FHIRAuditBundle.json(entries, site: try store.siteIdentity())
        sink.line(String(decoding: data, as: UTF8.self))
        if let damage { throw damage }
    }
}
