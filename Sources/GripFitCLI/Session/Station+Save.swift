import GripFitRecords
import GripFitStore

extension Station {
    /// ``SessionSave`` as the CLI's commands run it: beside this station's history file, signals
    /// held off during the write, the export on stderr when no rescue file can be written.
    /// The session is filed under this station's ``name``.
    func save(_ session: StoredSession, to store: () throws -> any SessionHistory) throws(SessionSaveError) -> Int64 {
        try SessionSave.save(
            stationed(session),
            historyPath: paths.databasePath,
            shield: { try SignalShield.run($0) },
            lastResort: StandardOutput.error,
            to: store
        )
    }

    /// The same for a save that files something with the session (a guided run's first attempt files its assessment).
    func save<Filed>(
        _ session: StoredSession,
        to store: () throws -> any SessionHistory,
        write: (any SessionHistory, StoredSession) throws(StoreError) -> (SaveOutcome, Filed)
    ) throws(SessionSaveError) -> (session: Int64, filed: Filed) {
        try SessionSave.save(
            stationed(session),
            historyPath: paths.databasePath,
            shield: { try SignalShield.run($0) },
            lastResort: StandardOutput.error,
            to: store,
            write: write
        )
    }

    private func stationed(_ session: StoredSession) -> StoredSession {
        var session = session
        session.station = session.station ?? name
        return session
    }
}
