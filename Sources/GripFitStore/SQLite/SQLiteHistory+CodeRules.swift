import GRDB

extension SQLiteHistory {
    /// v5: a subject code is never NULL (SQLite allows NULL in a TEXT PRIMARY KEY) and is unique
    /// without regard to case: `p017` and `P017` typed at two desks are one person, not two, so the
    /// second is refused as taken and a lookup of either finds the one. The table is rebuilt, as
    /// SQLite cannot change a column's constraints; the codes stay as they were typed. A v4 history
    /// whose codes already differ only in case cannot be merged by a program: it is refused, naming them.
    static func applySubjectCodeRules(_ db: Database) throws {
        let clashes = try String.fetchAll(
            db,
            sql: "SELECT group_concat(code, ', ') FROM subject GROUP BY code COLLATE NOCASE HAVING count(*) > 1"
        )
        if let first = clashes.first {
            throw CodeClash(
                reason: "subject codes \(first) differ only in case, which this version treats as one code. Export them "
                    + "with the previous version, forget one, and import its sessions under another code"
            )
        }
        try db.execute(
            sql: """
                CREATE TABLE subject_v5 (
                    code TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
                    sex TEXT CHECK (sex IN ('female', 'male')),
                    birth TEXT,
                    dominant TEXT CHECK (dominant IN ('left', 'right', 'ambidextrous')),
                    height_cm REAL,
                    weight_kg REAL,
                    note TEXT
                );
                INSERT INTO subject_v5 SELECT code, sex, birth, dominant, height_cm, weight_kg, note FROM subject WHERE code IS NOT NULL;
                DROP TABLE subject;
                ALTER TABLE subject_v5 RENAME TO subject;
                """
        )
    }
}
