import Foundation
import GRDB
import GripFitClinical
import GripFitRecords

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
                """
        )
    }

    public func addSubject(_ subject: Subject) throws(StoreError) {
        try write { db in try SQLHistory(db).addSubject(subject) }
    }

    public func updateSubject(_ subject: Subject) throws(StoreError) {
        try write { db in try SQLHistory(db).updateSubject(subject) }
    }

    public func subject(code: String) throws(StoreError) -> Subject {
        guard let subject = try read({ db in try SQLHistory(db).subject(code: code) }) else { throw .unknownSubject(code) }
        return subject
    }

    public func subjects() throws(StoreError) -> [Subject] {
        try read { db in try SQLHistory(db).subjects() }
    }

    /// Deletes the subject, their assessments and their sessions (``SQLHistory/forgetSubject(code:)``),
    /// with SQLite's secure_delete on and a VACUUM after, then the write-ahead log copied into the
    /// file and truncated, so neither the freed pages nor the log keep anything of them: an erasure
    /// request leaves no trace in the files.
    public func forgetSubject(code given: String) throws(StoreError) -> ForgottenSubject {
        do {
            return try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA secure_delete = ON")
                var forgotten = ForgottenSubject(sessions: 0, assessments: 0)
                try db.inTransaction {
                    forgotten = try SQLHistory(db).forgetSubject(code: given)
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

    /// Every subject's code as stored, undecoded: what a station asks the server about, which a
    /// damaged subject row must not stop.
    func subjectCodes() throws(StoreError) -> [String] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT code FROM subject WHERE typeof(code) = 'text' ORDER BY code")
        }
    }

    /// None: a file's forget leaves no copies elsewhere to keep out (a station's copies are of a
    /// server's subjects); its dialect keeps no tombstones.
    public func erasedCodes(among codes: [String]) throws(StoreError) -> [String] {
        try read { db in try SQLHistory(db).erasedCodes(among: codes) }
    }

    public func holdings(subject given: String) throws(StoreError) -> ForgottenSubject {
        try read { db in try SQLHistory(db).holdings(subject: given) }
    }
}
