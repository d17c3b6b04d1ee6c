import ArgumentParser
import Foundation
import GripFitClinical
import GripFitStore

/// `gripfit-serial export`: sessions with their raw traces, as CSV or JSON; assessments as FHIR.
public struct Export: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Export sessions (summary, reps and raw readings) as JSON or CSV, assessments as FHIR R4.",
        discussion: """
            `gripfit-serial import` reads JSON and CSV back; sessions already in the history are skipped.
            --format fhir writes a FHIR R4 Bundle for a clinic's records: a Patient per subject \
            (its code, sex and birth date; never a name), a Device per GripFit and an Observation per \
            hand per assessment (LOINC 83173-5/83174-3, best counted trial in kgf, each trial as a \
            component, the norm and EWGSOP2 lines as notes). Only assessments are clinical \
            observations: a session recorded outside the guided protocol, and an assessment measured \
            uncalibrated or without --subject, is not exported as FHIR.

            Examples:
              gripfit-serial export 3 --format csv > session3.csv
              gripfit-serial export --all --format json -o backup.json
              gripfit-serial export A1 A2 --format fhir -o assessments.fhir.json
            """)

    @Argument(help: "The session id, from `gripfit-serial history`; with --format fhir, assessment ids A<n>.")
    public var ids: [String] = []

    @Flag(help: "Export every session.")
    public var all = false

    @Option(help: "json, csv or fhir.")
    public var format: ExportFormat = .json

    @OptionGroup public var clinicalOptions: ClinicalOptions

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file"),
        completion: .file())
    public var output: String?

    public init() {}

    public func validate() throws {
        if format == .fhir {
            if ids.isEmpty == !all {
                throw ValidationError("Give assessment ids A<n> (from `history --assessments`), or --all (not both).")
            }
            if let session = ids.first(where: { StoredAssessment.id(named: $0) == nil }) {
                throw ValidationError(
                    "--format fhir exports assessments (A<n>, from `history --assessments`); got \(session). A session "
                        + "without an assessment is not a clinical observation: `export \(session) --format json` exports it.")
            }
            return
        }
        if ids.isEmpty == !all { throw ValidationError("Give a session id, or --all (not both).") }
        guard ids.count <= 1 else {
            throw ValidationError("json and csv export one session id or --all; got \(ids.count) ids. Several A<n> go with --format fhir.")
        }
        if let id = ids.first {
            guard let number = Int64(id) else {
                throw ValidationError("A session id is a whole number from 1 up; got \(id). `gripfit-serial history` lists the ids.")
            }
            try SessionID.validate(number)
        }
    }

    /// The session to export alone, when one was given.
    private var id: Int64? { ids.first.flatMap { Int64($0) } }

    @OptionGroup public var historyOption: HistoryOption

    public func run() throws {
        if let output { try PrivateFiles.checkWritable(output) }
        let (store, damage) = try Storage.historyToRead(historyOption)
        try export(store, damage: damage, to: StandardStreams())
    }

    /// The work of ``run()`` on an opened history, so a test can read what it writes without a launch (issue 21).
    func export(_ store: any SessionHistory, damage: StoreError?, to sink: some CommandOutput) throws {
        if format == .fhir { return try exportFHIR(store, damage: damage, to: sink) }
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
        try write(text, to: sink, what: "\(sessions.count) session\(sessions.count == 1 ? "" : "s")")
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
    private func exportFHIR(_ store: any SessionHistory, damage: StoreError?, to sink: some CommandOutput) throws {
        let chosen =
            all ? try store.assessments(subject: nil) : try ids.map { try store.assessment(id: StoredAssessment.id(named: $0) ?? 0) }
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
                status: .noInput)
        }
        let patients = try store.subjects().filter { all || codes.contains($0.code) }.map(ClinicalView.fhirPatient)
        let bundle = try FHIRBundleWriter.bundle(
            patients: patients, devices: devices.keys.sorted().compactMap { devices[$0] }, assessments: observations)
        try write(bundle, to: sink, what: "\(observations.count) assessment\(observations.count == 1 ? "" : "s") as FHIR")
        if let damage { throw damage }
    }
}
