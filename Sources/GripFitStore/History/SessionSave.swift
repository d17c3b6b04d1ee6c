import Foundation
import Glibc
import GripFitExchange
import GripFitRecords

/// Saving a session just recorded: the one path `record`, the guided protocol and the dashboard
/// take. A save that fails (a full disk, a history made read-only mid-recording) must not take the
/// readings with it: they go to a rescue file in the export format, which `import` reads back.
public enum SessionSave {
    /// Saves `session` as a new recording (never skipped as a repeat) and returns its id; on
    /// failure, opening the history included, writes the rescue file and throws an error naming it.
    /// `shield` wraps the write: the CLI holds signals off during it (on its main thread; not the
    /// dashboard's worker threads, where swapping process-wide handlers could race). `lastResort`
    /// gets the export when no rescue file can be written, so the readings still reach a terminal.
    public static func save(
        _ session: StoredSession,
        historyPath: String,
        shield: (() throws -> Void) throws -> Void = { try $0() },
        lastResort: (String) -> Void,
        to store: () throws -> any SessionHistory
    ) throws(SessionSaveError) -> Int64 {
        let saved = try save(session, historyPath: historyPath, shield: shield, lastResort: lastResort, to: store) {
            store,
            session throws(StoreError) in (try store.save(session, sameStart: .nextFreeMillisecond), ())
        }
        return saved.session
    }

    /// The same, for a save that files something with the session in one transaction (a guided
    /// run's first attempt files its assessment): `write` returns the save's outcome and what it filed.
    public static func save<Filed>(
        _ session: StoredSession,
        historyPath: String,
        shield: (() throws -> Void) throws -> Void = { try $0() },
        lastResort: (String) -> Void,
        to store: () throws -> any SessionHistory,
        write: (any SessionHistory, StoredSession) throws(StoreError) -> (SaveOutcome, Filed)
    ) throws(SessionSaveError) -> (session: Int64, filed: Filed) {
        var written: (outcome: SaveOutcome, filed: Filed)?
        do {
            let store = try store()
            // The shield only runs the write, once, before it returns.
            try withoutActuallyEscaping(write) { write in try shield { written = try write(store, session) } }
        } catch {
            throw rescue(session, after: error, historyPath: historyPath, lastResort: lastResort)
        }
        guard let written, case .inserted(let id) = written.outcome else {
            // A new recording is never a repeat; only a broken store could say so.
            let error = StoreError.unavailable(path: historyPath, reason: "the session was taken for one already stored")
            throw rescue(session, after: error, historyPath: historyPath, lastResort: lastResort)
        }
        return (id, written.filed)
    }

    /// Places tried in turn: beside the history (where a user looks for it), the working
    /// directory, then the temporary directory, which is most often another file system.
    public static func rescueDirectories(
        historyPath: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> [String]
    {
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        let candidates = [
            (historyPath as NSString).deletingLastPathComponent, FileManager.default.currentDirectoryPath, temporary,
        ]
        return candidates.reduce(into: []) { kept, directory in
            if !directory.isEmpty, !kept.contains(directory) { kept.append(directory) }
        }
    }

    /// The failure to report: the save's error, then where the readings are now.
    static func rescue(
        _ session: StoredSession,
        after cause: any Error,
        historyPath: String,
        lastResort: (String) -> Void
    ) -> SessionSaveError {
        let error = "\(cause)"
        let document: String
        do {
            document = try SessionExchange.export([session], as: .json)
        } catch let exportError {
            return SessionSaveError("\(error) The recording could not be kept either: \(exportError)", cause: cause)
        }
        let name = "gripfit-rescue-\(session.startedAtMilliseconds)-\(getpid()).json"
        var tried: [String] = []
        for directory in rescueDirectories(historyPath: historyPath) {
            let path = directory + "/" + name
            do {
                try PrivateFiles.write(Array(document.utf8), to: path)
                return SessionSaveError(
                    "\(error) The recording is kept in \(path) and is not lost: once the history can be written, "
                        + "`gripfit-serial import \(path)` adds it.",
                    cause: cause
                )
            } catch let writeError {
                tried.append(writeError.description)
            }
        }
        // Last resort, so the readings still reach a terminal or a CI log: the export itself.
        lastResort(document)
        return SessionSaveError(
            "\(error) No rescue file could be written either (\(tried.joined(separator: "; "))); the recording was "
                + "printed above in the export format: save it to a file and `gripfit-serial import` it.",
            cause: cause
        )
    }
}
