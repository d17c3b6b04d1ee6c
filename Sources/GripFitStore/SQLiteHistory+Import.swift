import GRDB
import GripFitClinical
import GripFitOutput
import GripFitRecords

extension SQLiteHistory {
    /// Subjects first (a code the history holds must carry the same facts), then assessments (one
    /// the history holds, same device, start and protocol, is reused), then sessions, each checked
    /// against the file and the history, all in one transaction: a refused file writes nothing.
    public func importContents(_ contents: ExchangeContents) throws(StoreError) -> ImportOutcome {
        var traces: [StoredTrace] = []
        for session in contents.sessions { traces.append(try StoredTrace(session.trace)) }
        do {
            return try queue.write { db in
                for subject in contents.subjects { try Self.file(db, subject, held: contents.heldSubjects) }
                var ids: [Int64: Int64] = [:]
                for (fileID, facts) in contents.assessments {
                    try Self.checkKnown(db, subject: facts.subject, of: "assessment \(fileID)")
                    ids[fileID] = try Self.heldAssessment(db, facts) ?? Self.insertAssessment(db, facts)
                }
                var outcome = ImportOutcome(added: 0, skipped: 0)
                for (index, (session, trace)) in zip(contents.sessions, traces).enumerated() {
                    try Self.checkKnown(db, subject: session.tags.subject, of: "session \(index + 1)")
                    var session = session
                    session.tags.assessment = session.tags.assessment.flatMap { ids[$0] }
                    switch try insert(db, session, trace: trace, sameStart: .skip) {
                    case .inserted: outcome.added += 1
                    case .duplicate: outcome.skipped += 1
                    }
                }
                return outcome
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// Adds a subject the history does not hold; one it holds must agree on every fact but the note
    /// (a local reminder, which stays as the history has it), unless the history's facts win (a push).
    /// A code differing only in case is another code.
    private static func file(_ db: Database, _ subject: Subject, held: HeldSubjects) throws {
        guard let row = try subjectRow(db, code: subject.code) else {
            try insertSubject(db, subject)
            return
        }
        if held == .historyWins, (row["code"] as String?) == subject.code { return }
        let differences = differences(held: try self.subject(row), file: subject)
        if !differences.isEmpty { throw StoreError.subjectConflict(code: subject.code, differences: differences) }
    }

    /// The facts an imported subject and the one the history holds under its code disagree on,
    /// the note aside (a local reminder, which stays as the history has it).
    package static func differences(held: Subject, file subject: Subject) -> [String] {
        var differences: [String] = []
        if held.code != subject.code { differences.append("code: file \(subject.code), history \(held.code)") }
        func compare(_ fact: String, _ file: String?, _ history: String?) {
            if file != history { differences.append("\(fact): file \(file ?? "none"), history \(history ?? "none")") }
        }
        compare("sex", subject.sex?.rawValue, held.sex?.rawValue)
        compare("birth", subject.birth?.description, held.birth?.description)
        compare("dominant hand", subject.dominant?.rawValue, held.dominant?.rawValue)
        compare("height", subject.heightCentimetres.map { "\($0.formatted(decimals: 1)) cm" }, held.heightCentimetres.map {
            "\($0.formatted(decimals: 1)) cm"
        })
        compare("weight", subject.weightKilograms.map { "\($0.formatted(decimals: 1)) kg" }, held.weightKilograms.map {
            "\($0.formatted(decimals: 1)) kg"
        })
        return differences
    }

    /// A subject an assessment or session names must be in the file (filed by now) or the history.
    private static func checkKnown(_ db: Database, subject code: String?, of what: String) throws {
        guard let code else { return }
        guard let row = try subjectRow(db, code: code), (row["code"] as String?) == code else {
            throw StoreError.badImport(
                line: 1, reason: "\(what) names subject '\(code)', which neither the file nor the history holds. Nothing was imported")
        }
    }

    private static func heldAssessment(_ db: Database, _ facts: AssessmentFacts) throws -> Int64? {
        try Int64.fetchOne(
            db, sql: "SELECT id FROM assessment WHERE device = ? AND started_at_ms = ? AND protocol = ? ORDER BY id LIMIT 1",
            arguments: [facts.device, facts.startedAtMilliseconds, facts.protocolName])
    }
}
