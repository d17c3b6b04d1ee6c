import ArgumentParser
import Foundation
import GripFitClinical
import GripFitExchange
import GripFitRecords
import GripFitStore

/// `gripfit-serial export`: sessions with their raw traces, as CSV or JSON; assessments as FHIR.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export sessions (summary, reps and raw readings) as JSON or CSV, assessments as FHIR R4.",
        discussion: """
            Sessions go out with their raw traces. `export --all` writes as it reads, 500 sessions at \
            a time, so its memory does not grow with the history. `gripfit-serial import` reads JSON \
            and CSV back; sessions already in the history are skipped.

            --format fhir writes a FHIR R4 Bundle for a clinic's records: a Patient per subject \
            (its code, sex and birth date; never a name), a Device per GripFit and an Observation per \
            hand per assessment (LOINC 83173-5/83174-3, best counted trial in kgf, each trial as a \
            component, the hand's trial consistency and, once, the norm and EWGSOP2 lines as notes). \
            Every id and identifier is the clinic's own: made from the history's site identity, and \
            the same at every export; config.toml's patient-identifier-system names the system of \
            the subject codes (the clinic's MRN system). --bundle transaction writes a Bundle to POST \
            to a FHIR server's base URL: each entry a conditional create on its identifier, so \
            sending it again creates nothing new. Only assessments are clinical \
            observations: a session recorded outside the guided protocol, and an assessment measured \
            uncalibrated or without --subject, is not exported as FHIR.

            Examples:
              gripfit-serial export 3 --format csv > session3.csv
              gripfit-serial export --all --format json -o backup.json
              gripfit-serial export A1 A2 --format fhir -o assessments.fhir.json
              gripfit-serial export --all --format fhir --bundle transaction -o up.json
            """
    )

    @Argument(help: "The session's name (s-XXXX) or id, from `gripfit-serial history`; with --format fhir, assessments' (a-XXXX or A<n>).")
    var ids: [String] = []

    @Flag(help: "Export every session.")
    var all = false

    @Option(help: "json, csv or fhir.")
    var format: ExportFormat = .sessions(.json)

    @Option(
        help: ArgumentHelp(
            "With --format fhir: collection (a document, the default) or transaction (to POST to a FHIR server's base URL).",
            valueName: "type"
        )
    )
    var bundle: FHIRBundleType?

    @OptionGroup var clinicalOptions: ClinicalOptions

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file"),
        completion: .file()
    )
    var output: String?

    init() {}

    func validate() throws {
        if bundle != nil, case .sessions(let sessions) = format {
            throw ValidationError("--bundle is for --format fhir; \(sessions.rawValue) has no Bundle. Add --format fhir, or drop --bundle.")
        }
        if case .assessments(.fhir) = format {
            if ids.isEmpty == !all {
                throw ValidationError("Give assessment ids A<n> (from `history --assessments`), or --all (not both).")
            }
            if let session = ids.first(where: { RecordName($0)?.isAssessment != true }) {
                throw ValidationError(
                    "--format fhir exports assessments (A<n>, from `history --assessments`); got \(session). A session "
                        + "without an assessment is not a clinical observation: `export \(session) --format json` exports it."
                )
            }
            return
        }
        if ids.isEmpty == !all { throw ValidationError("Give a session id, or --all (not both).") }
        guard ids.count <= 1 else {
            throw ValidationError("json and csv export one session id or --all; got \(ids.count) ids. Several A<n> go with --format fhir.")
        }
        if let id = ids.first { _ = try RecordName.session(id) }
    }

    @OptionGroup var historyOption: HistoryOption

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The whole command on `station`'s history, the destination checked first: tests run it
    /// in-process (issue 32).
    func run(station: Station, to sink: some CommandOutput) throws {
        if let output { try PrivateFiles.checkWritable(output) }
        let (store, damage) = try station.historyToRead(historyOption)
        try export(store, damage: damage, station: station, to: sink)
    }

    /// The work of ``run()`` on an opened history, so a test can read what it writes without a launch (issue 21).
    /// `station`'s config.toml names the clinic's patient identifier system, read for FHIR only.
    func export(_ store: any SessionHistory, damage: StoreError?, station: Station, to sink: some CommandOutput) throws {
        let format: SessionFormat
        switch self.format {
        case .sessions(let sessions): format = sessions
        case .assessments(.fhir): return try exportFHIR(store, damage: damage, station: station, to: sink)
        }
        let damaged: [StoreError]
        let count: Int
        if let id = ids.first {
            let session = try store.session(id: try RecordName.session(id).id(in: store))
            let (subjects, assessments) = try Self.owners(of: [session], in: store, all: false)
            count = 1
            damaged = []
            try stream(format, to: sink, subjects: subjects, assessments: assessments) { writer throws(StoreError) in
                try writer.add(session)
            }
            station.audit(store).record(.session(.export, session, detail: "\(self.format)"))
        } else {
            let (subjects, assessments) = try Self.owners(of: [], in: store, all: true)
            (count, damaged) = try streamAll(store, as: format, subjects: subjects, assessments: assessments, to: sink)
            station.audit(store).record(.export, subjects: subjects.map(\.code), detail: "\(self.format) --all: \(count) sessions")
        }
        if let output { sink.error("exported \(count) session\(count == 1 ? "" : "s") to \(output)") }
        for error in damaged { sink.error("gripfit-serial: not exported: \(error)") }
        if let damage { throw damage }
        if !damaged.isEmpty {
            let sessions = "\(damaged.count) damaged session\(damaged.count == 1 ? "" : "s")"
            throw CLIFailure("\(sessions) not exported (named above).", status: .dataError)
        }
    }

    /// Sessions read per batch by `export --all`: a few MB, so memory stays flat whatever the history's size.
    static let batchSize = 500

    /// Every session, by id, a batch at a time, each written before the next is read. One damaged
    /// session must not block the backup of all the others: its batch is read again one by one.
    private func streamAll(
        _ store: any SessionHistory,
        as format: SessionFormat,
        subjects: [Subject],
        assessments: [StoredAssessment],
        to sink: some CommandOutput
    ) throws -> (count: Int, damaged: [StoreError]) {
        var damaged: [StoreError] = []
        var count = 0
        try stream(format, to: sink, subjects: subjects, assessments: assessments) { writer throws(StoreError) in
            var after: Int64 = 0
            var ids: [Int64]?
            while true {
                var batch: [StoredSession] = []
                do throws(StoreError) {
                    batch = try store.sessions(afterID: after, limit: Self.batchSize)
                } catch .damagedSession {
                    let all: [Int64]
                    if let ids { all = ids } else { all = try store.allIDs().sorted() }
                    ids = all
                    let chosen = all.drop { $0 <= after }.prefix(Self.batchSize)
                    guard let last = chosen.last else { return }
                    for id in chosen {
                        do throws(StoreError) {
                            try writer.add(try store.session(id: id))
                            count += 1
                        } catch .damagedSession(let id, let detail) {
                            damaged.append(.damagedSession(id: id, detail: detail))
                        }
                    }
                    after = last
                    continue
                }
                guard let last = batch.last?.id else { return }
                for session in batch { try writer.add(session) }
                count += batch.count
                after = last
            }
        }
        return (count, damaged)
    }

    /// Writes an export to `-o` (0600, put in place only when whole) or stdout as `body` adds to it.
    private func stream(
        _ format: SessionFormat,
        to sink: some CommandOutput,
        subjects: [Subject],
        assessments: [StoredAssessment],
        body: (inout ExportWriter) throws(StoreError) -> Void
    ) throws {
        let file = try output.map { (path) throws(StoreError) in try PrivateFileWriter(path: path) }
        var closed = false
        let emit: (String) throws(StoreError) -> Void = { text throws(StoreError) in
            if let file { return try file.write(text) }
            if !sink.write(text) {
                closed = true
                throw .cannotWrite(path: "stdout", reason: "closed")
            }
        }
        do {
            var writer = try ExportWriter(format: format, subjects: subjects, assessments: assessments, emit: emit)
            try body(&writer)
            try writer.finish()
            try file?.commit()
        } catch {
            file?.abandon()
            if closed { throw CLIFailure("stdout closed before the export was written.", status: .ioError) }
            throw error
        }
    }

    /// The subjects and assessments the sessions belong to (with --all: every one), so an import restores them.
    static func owners(
        of sessions: [StoredSession],
        in store: any SessionHistory,
        all: Bool
    ) throws -> (subjects: [Subject], assessments: [StoredAssessment]) {
        let assessmentIDs = Set(sessions.compactMap(\.tags.assessment))
        let assessments = try store.assessments(subject: nil).filter { all || assessmentIDs.contains($0.id) }
        let codes = Set(sessions.compactMap(\.tags.subject) + assessments.compactMap(\.facts.subject))
        return (try store.subjects().filter { all || codes.contains($0.code) }, assessments)
    }

    /// Writes to `-o` (0600) or stdout.
    private func write(_ text: String, to sink: some CommandOutput, what: String) throws {
        if let output {
            try PrivateFiles.write(Array(text.utf8), to: output)
            sink.error("exported \(what) to \(output)")
        } else if !sink.write(text) {
            throw CLIFailure("stdout closed before the export was written.", status: .ioError)
        }
    }

    /// `--format fhir`: the assessments asked for (with --all every one that FHIR can carry; the others
    /// are named on stderr), their subjects as Patients and their devices as Devices, in one Bundle.
    private func exportFHIR(_ store: any SessionHistory, damage: StoreError?, station: Station, to sink: some CommandOutput) throws {
        let chosen =
            all
            ? try store.assessments(subject: nil) : try ids.map { try store.assessment(id: try RecordName.assessment($0).id(in: store)) }
        let settings = try clinicalOptions.settings()
        var observations: [FHIRAssessment] = []
        var devices: [String: FHIRDevice] = [:]
        var codes: Set<String> = []
        for assessment in chosen {
            let view = try ClinicalViews.view(of: assessment, in: store, settings: settings)
            do throws(FHIRRefusal) {
                observations.append(try view.fhirAssessment())
            } catch {
                // Asked for by name, a refusal fails the export; with --all it only leaves that one out.
                guard all else { throw error }
                sink.error("gripfit-serial: not exported: \(error)")
                continue
            }
            codes.formUnion(assessment.facts.subject.map { [$0] } ?? [])
            let address = assessment.facts.device
            if devices[address] == nil {
                let firmware = assessment.attempts.first.flatMap { (try? store.session(id: $0.session))?.versions.firmware }
                devices[address] = FHIRDevice(address: address, firmware: firmware, manufacturer: nil, model: "GripFit")
            }
        }
        guard !observations.isEmpty else {
            throw CLIFailure(
                "no assessment to export as FHIR: record one with `record --protocol standard --subject CODE` on a calibrated device.",
                status: .noInput
            )
        }
        let patients = try store.subjects().filter { all || codes.contains($0.code) }.map(ClinicalView.fhirPatient)
        let identity = FHIRIdentity(site: try store.siteIdentity(), patientSystem: try station.config().patientIdentifierSystem)
        let text = try FHIRBundleWriter.bundle(
            patients: patients,
            devices: devices.keys.sorted().compactMap { devices[$0] },
            assessments: observations,
            identity: identity,
            type: bundle ?? .collection
        )
        try write(text, to: sink, what: "\(observations.count) assessment\(observations.count == 1 ? "" : "s") as FHIR")
        let names = chosen.map { $0.stableName ?? $0.name }
        station.audit(store).record(.export, subjects: codes.sorted(), assessments: names, detail: "fhir" + (all ? " --all" : ""))
        if let damage { throw damage }
    }
}
