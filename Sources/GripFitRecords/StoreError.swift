import GripFitClinical
import GripFitOutput

/// Store failures, each naming what to do. Details read from a damaged file are escaped: they
/// may hold any bytes.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database or a file could not be opened or written.
    case unavailable(path: String, reason: String)
    /// An export, report or plot cannot be written where the user asked.
    case cannotWrite(path: String, reason: String)
    /// SQLite itself reports the file damaged (`PRAGMA quick_check`, SQLITE_CORRUPT, SQLITE_NOTADB).
    case damaged(path: String, detail: String)
    /// One session's stored values do not decode; the others still read.
    case damagedSession(id: Int64, detail: String)
    /// A history server did not answer (down, unreachable, refused the connection): a recording
    /// is then kept in this station's own history until `history sync` pushes it.
    case unreachable(location: String, reason: String)
    /// The server and this station's `sslmode` disagree (no TLS where it is required, a certificate
    /// not accepted): the server is there, but unusable until one side's setting changes.
    case tlsRefused(location: String, reason: String)
    /// Stored or imported data does not decode.
    case corrupt(String)
    case notFound(id: Int64)
    /// No subject with this code.
    case unknownSubject(String)
    /// `subject add` of a code already taken.
    case duplicateSubject(String)
    /// `subject add` on a shared server of a code a forgotten subject had: stations may still hold
    /// copies of that subject's data, which must never be filed under a new person.
    case erasedCode(String)
    /// No assessment with this id.
    case unknownAssessment(Int64)
    /// No session or assessment has a stable name (``StableName``) starting so.
    case unknownName(String)
    /// Several have: the name must go on until it names one.
    case ambiguousName(String, matches: [String])
    /// One subject's or assessment's stored values do not decode. `what` names it with the stored
    /// code as it is (`subject 'P1'`): escaped here, once, with the detail.
    case damagedRecord(what: String, detail: String)
    /// A stored subject whose facts `subject add` would refuse; the typed error escapes its own text.
    case damagedSubject(code: String, SubjectError)
    /// An import file's subject that `subject add` would refuse.
    case badImportedSubject(SubjectError)
    /// An import file's subject whose code the history holds with other facts: merging them would
    /// file one person's sessions under another's sex, age or dominant hand.
    case subjectConflict(code: String, differences: [String])
    /// SQLite refused a change as breaking the schema's rules (a foreign key, a unique code): the
    /// data given is wrong, not the file; nothing of the change was written.
    case refused(path: String, reason: String)
    /// An import file is not what `export` writes.
    case badImport(line: Int, reason: String)
    /// Sessions hold values no export format can carry (non-finite numbers).
    case notExportable(String)
    /// A trace whose encoding is larger than the store reads back (an import of a pathological file):
    /// saving it would file a session that could never be shown again.
    case traceTooLarge(bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .unavailable(let path, let reason):
            // A server's reason names its own fix; a file's is the directory's.
            path.contains("://")
                ? "\(path): \(reason)."
                : "\(path): \(reason). Check that the directory is writable, or set XDG_DATA_HOME / XDG_CONFIG_HOME."
        case .cannotWrite(let path, let reason):
            "\(path): cannot write (\(reason)). Pick a writable path; nothing was written."
        case .damaged(let path, let detail):
            "\(path): the history is damaged (\(UntrustedText.escaped(detail))). Export what still reads "
                + "(`gripfit-serial export --all -o rescue.json`), move the file aside, and import the export."
        case .damagedSession(let id, let detail):
            "session \(id) is damaged (\(UntrustedText.escaped(detail))); the other sessions are unaffected. "
                + "Export the others (`gripfit-serial export --all -o rescue.json`) if it keeps happening."
        case .unreachable(let location, let reason):
            "\(location): the history server cannot be reached (\(UntrustedText.escaped(reason))). Check that it runs and "
                + "that this station reaches it (`pg_isready -d '\(location)'`)"
        case .tlsRefused(let location, let reason):
            "\(location): \(reason)."
        case .corrupt(let detail):
            "the history database holds unreadable data (\(detail)); export what still reads and start a new one"
        case .notFound(let id):
            "no session \(id); `gripfit-serial history` lists the ids"
        case .unknownSubject(let code):
            "no subject '\(UntrustedText.escaped(code))'; `gripfit-serial subject list` lists them, `subject add` adds one"
        case .duplicateSubject(let code):
            "subject '\(UntrustedText.escaped(code))' exists already: pick another code, or change it with `subject edit`"
        case .erasedCode(let code):
            "subject code '\(UntrustedText.escaped(code))' belonged to a subject forgotten on this history (an erasure); it is "
                + "not given again, so no station's old copy is filed under a new person: pick another code"
        case .unknownAssessment(let id):
            "no assessment A\(id); `gripfit-serial history --assessments` lists them"
        case .unknownName(let name):
            "nothing in this history is named \(UntrustedText.escaped(name)); `gripfit-serial history` (with --assessments for "
                + "assessments) lists the names"
        case .ambiguousName(let name, let matches):
            "\(UntrustedText.escaped(name)) names several records (\(matches.joined(separator: ", "))); give more of the name"
        case .damagedRecord(let what, let detail):
            "\(UntrustedText.escaped(what)) is damaged (\(UntrustedText.escaped(detail))); the rest of the history is unaffected"
        case .damagedSubject(let code, let error):
            "subject '\(UntrustedText.escaped(code))' is damaged (\(error)); the rest of the history is unaffected. "
                + "Correct it with `gripfit-serial subject edit`"
        case .badImportedSubject(let error):
            "import file: \(error). Nothing was imported."
        case .subjectConflict(let code, let differences):
            "import file: subject '\(UntrustedText.escaped(code))' is in the history with other facts "
                + "(\(differences.map(UntrustedText.escaped).joined(separator: "; "))); nothing was imported. Codes are chosen per "
                + "clinic, so this may be another person: give them another code in the file, or make the facts agree "
                + "(`gripfit-serial subject edit`) if it is the same person"
        case .refused(let path, let reason):
            "\(path): the history refused the change (\(UntrustedText.escaped(reason))); nothing of it was written"
        case .badImport(let line, let reason):
            // The reason may quote the file (a field's value, the decoder's message about it).
            "import file, line \(line): \(UntrustedText.escaped(reason)). Import only files written by "
                + "`gripfit-serial export`."
        case .notExportable(let reason):
            "cannot export: \(reason). Nothing was written."
        case .traceTooLarge(let bytes, let limit):
            "a session's trace takes \(bytes) bytes, more than the \(limit / (1024 * 1024)) MiB the history reads "
                + "back; nothing was saved. Import a smaller file."
        }
    }
}
