import Foundation
import GRDB
import GripFitClinical

extension SQLiteHistory {
    /// v4: subjects keyed by their code; assessments owning their attempts, which stay sessions with
    /// the assessment, attempt and flag in columns. Older sessions keep NULL there: no subject, no
    /// assessment, as they were recorded.
    static func addSubjectsAndAssessments(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE subject (
                    code TEXT PRIMARY KEY,
                    sex TEXT CHECK (sex IN ('female', 'male')),
                    birth TEXT,
                    dominant TEXT CHECK (dominant IN ('left', 'right', 'ambidextrous')),
                    height_cm REAL,
                    weight_kg REAL,
                    note TEXT
                );
                CREATE TABLE assessment (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    subject TEXT REFERENCES subject (code),
                    device TEXT NOT NULL,
                    started_at_ms INTEGER NOT NULL,
                    protocol TEXT NOT NULL,
                    first_hand TEXT NOT NULL CHECK (first_hand IN ('left', 'right')),
                    trials_per_hand INTEGER NOT NULL,
                    rest_s REAL NOT NULL,
                    unit TEXT NOT NULL,
                    calibration_date TEXT
                );
                CREATE INDEX assessment_subject ON assessment (subject);
                ALTER TABLE session ADD COLUMN subject TEXT REFERENCES subject (code);
                ALTER TABLE session ADD COLUMN assessment_id INTEGER REFERENCES assessment (id);
                ALTER TABLE session ADD COLUMN attempt INTEGER;
                ALTER TABLE session ADD COLUMN flag TEXT;
                CREATE INDEX session_subject ON session (subject);
                CREATE INDEX session_assessment ON session (assessment_id);
                """)
    }

    public func addSubject(_ subject: Subject) throws(StoreError) {
        try write { db in
            guard try Self.subjectRow(db, code: subject.code) == nil else { throw StoreError.duplicateSubject(subject.code) }
            try Self.insertSubject(db, subject)
        }
    }

    public func updateSubject(_ subject: Subject) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE subject SET sex = ?2, birth = ?3, dominant = ?4, height_cm = ?5, weight_kg = ?6, note = ?7
                    WHERE code = ?1
                    """,
                arguments: Self.subjectArguments(subject))
            if db.changesCount == 0 { throw StoreError.unknownSubject(subject.code) }
        }
    }

    public func subject(code: String) throws(StoreError) -> Subject {
        let row: Row? = try read { db in try Self.subjectRow(db, code: code) }
        guard let row else { throw .unknownSubject(code) }
        return try Self.subject(HistoryRow(row))
    }

    public func subjects() throws(StoreError) -> [Subject] {
        let rows: [Row] = try read { db in try Row.fetchAll(db, sql: "SELECT * FROM subject ORDER BY code") }
        var subjects: [Subject] = []
        for row in rows { subjects.append(try Self.subject(HistoryRow(row))) }
        return subjects
    }

    /// Deletes the subject, their assessments and their sessions (reps and traces with them), with
    /// SQLite's secure_delete on and a VACUUM after, then the write-ahead log copied into the file and
    /// truncated, so neither the freed pages nor the log keep anything of them: an erasure request
    /// leaves no trace in the files.
    public func forgetSubject(code given: String) throws(StoreError) -> ForgottenSubject {
        do {
            return try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA secure_delete = ON")
                var forgotten = ForgottenSubject(sessions: 0, assessments: 0)
                try db.inTransaction {
                    // The code as stored: the sessions' tags hold it with its case.
                    guard let code: String = try Self.subjectRow(db, code: given)?["code"] else { throw StoreError.unknownSubject(given) }
                    try db.execute(sql: "DELETE FROM session WHERE \(Self.ownedSessions)", arguments: [code])
                    forgotten.sessions = db.changesCount
                    try db.execute(sql: "DELETE FROM assessment WHERE subject = ?", arguments: [code])
                    forgotten.assessments = db.changesCount
                    try db.execute(sql: "DELETE FROM subject WHERE code = ?", arguments: [code])
                    try Self.rewindCounters(db)
                    return .commit
                }
                try db.execute(sql: "VACUUM")
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                forgotten.done = ["the history file \(path) compacted (secure_delete, VACUUM) and its write-ahead log emptied"]
                return forgotten
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// Sets each AUTOINCREMENT counter back to its table's highest id, so `sqlite_sequence` does not
    /// keep how many sessions and assessments there were before an erasure. An id freed at the end
    /// may then be given again, which is why sessions are named by more than their number.
    private static func rewindCounters(_ db: Database) throws {
        for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_sequence") {
            // The schema's own lower-case names only: the name goes into the statement's text.
            guard table.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) else {
                continue
            }
            try db.execute(
                sql: "UPDATE sqlite_sequence SET seq = (SELECT coalesce(max(rowid), 0) FROM \(table)) WHERE name = ?", arguments: [table])
        }
    }

    /// Every subject's code as stored, undecoded: what a station asks the server about, which a
    /// damaged subject row must not stop.
    func subjectCodes() throws(StoreError) -> [String] {
        return try read { db in
            try String.fetchAll(db, sql: "SELECT code FROM subject WHERE typeof(code) = 'text' ORDER BY code")
        }
    }

    /// None: a file's forget leaves no copies elsewhere to keep out (a station's copies are of a server's subjects).
    public func erasedCodes(among codes: [String]) throws(StoreError) -> [String] { [] }

    /// The sessions a subject owns: tagged with their code, or attempts of one of their assessments
    /// (an import may have kept the assessment but not the tag). `forget` deletes, and counts, these.
    static let ownedSessions = "subject = ?1 OR assessment_id IN (SELECT id FROM assessment WHERE subject = ?1)"

    public func holdings(subject given: String) throws(StoreError) -> ForgottenSubject {
        let code = try subject(code: given).code
        return try read { db in
            ForgottenSubject(
                sessions: try Int.fetchOne(db, sql: "SELECT count(*) FROM session WHERE \(Self.ownedSessions)", arguments: [code]) ?? 0,
                assessments: try Int.fetchOne(db, sql: "SELECT count(*) FROM assessment WHERE subject = ?", arguments: [code]) ?? 0)
        }
    }

    static func insertSubject(_ db: Database, _ subject: Subject) throws {
        try db.execute(
            sql: "INSERT INTO subject (code, sex, birth, dominant, height_cm, weight_kg, note) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: subjectArguments(subject))
    }

    /// The subject row of this code; codes compare without case (v5), so `p017` finds `P017`.
    static func subjectRow(_ db: Database, code: String) throws -> Row? {
        try Row.fetchOne(db, sql: "SELECT * FROM subject WHERE code = ?", arguments: [code])
    }

    private static func subjectArguments(_ subject: Subject) -> StatementArguments {
        [
            subject.code, subject.sex?.rawValue, subject.birth?.description, subject.dominant?.rawValue, subject.heightCentimetres,
            subject.weightKilograms, subject.note,
        ]
    }

    /// A subject as stored, checked as `subject add` checks one: a hand-edited row names its problem.
    package static func subject(_ row: HistoryRow) throws(StoreError) -> Subject {
        let code: String = (try? StoredRow(row: row, record: "a subject").value("code")) ?? ""
        let stored = StoredRow(row: row, record: "subject '\(code)'")
        func parsed<Value>(_ column: String, _ parse: (String) -> Value?) throws(StoreError) -> Value? {
            guard let text: String = try stored.optional(column) else { return nil }
            guard let value = parse(text) else { throw stored.damaged(column, "is \(text)") }
            return value
        }
        let sex = try parsed("sex") { Sex(rawValue: $0) }
        let birth = try parsed("birth") { Subject.Birth(stored: $0) }
        let dominant = try parsed("dominant") { Subject.Dominance(rawValue: $0) }
        let height: Double? = try stored.optional("height_cm")
        let weight: Double? = try stored.optional("weight_kg")
        let note: String? = try stored.optional("note")
        do throws(SubjectError) {
            return try Subject(
                code: code, sex: sex, birth: birth, dominant: dominant, heightCentimetres: height, weightKilograms: weight, note: note)
        } catch {
            throw .damagedSubject(code: code, error)
        }
    }
}
