import Foundation
import GripFitCore
import GripFitRecords
import GripFitStore
import PostgresNIO

/// The session history on a PostgreSQL server (``SessionHistory``), shared by every station that
/// names it: the same semantics as ``SQLiteHistory`` (one transaction per session, the same
/// duplicate and next-millisecond rules, case-blind subject codes), through one connection used
/// synchronously. Calibrations live there too, so a GripFit calibrated at one station is
/// calibrated at all.
public final class PostgresHistory: SessionHistory, Sendable {
    public let server: PostgresLocation
    public var location: String { server.description }
    let link: PostgresLink

    /// Connects (5 s at most), finds the password as libpq does (``PGPass``), and brings the
    /// schema up to date; a server whose schema is newer than this build is refused, nothing written.
    /// `warn` gets what libpq would print to stderr (a password file others can read).
    public init(
        location: PostgresLocation,
        environment: [String: String],
        warn: @escaping @Sendable (String) -> Void
    )
        throws(StoreError)
    {
        server = location
        let password = PGPass(environment: environment, home: PGPass.home(environment: environment)).password(for: location, warn: warn)
        do {
            link = try PostgresLink(location: location, password: password)
            try link.transaction { statements in try PostgresSchema.migrate(statements, location: location.description) }
        } catch {
            throw PostgresFailure.storeError(error, location: location)
        }
    }

    /// Runs `body` on the link, its failures as store errors.
    @discardableResult
    func with<Result>(_ body: (PostgresStatements) throws -> Result) throws(StoreError) -> Result {
        do {
            return try link.with(body)
        } catch {
            throw PostgresFailure.storeError(error, location: server)
        }
    }

    func transaction<Result>(_ body: (PostgresStatements) throws -> Result) throws(StoreError) -> Result {
        do {
            return try link.transaction(body)
        } catch {
            throw PostgresFailure.storeError(error, location: server)
        }
    }

    func read<Result>(_ body: (PostgresStatements) throws -> Result) throws(StoreError) -> Result {
        do {
            return try link.read(body)
        } catch {
            throw PostgresFailure.storeError(error, location: server)
        }
    }

    /// Whether a session can be added now, asked before the first reading: the user's rights, then
    /// a session, a rep and a trace written and rolled back, which a read-only database or a
    /// standby refuses as it would refuse the save. The probe's session has id -1, which the
    /// history's own ids (from 1) never take, so it consumes none of them. The space is the server's to manage.
    public func checkCanSave(bytes: Int) throws(StoreError) {
        let allowed = try with { statements in
            try statements.row(
                """
                SELECT (has_table_privilege('session', 'INSERT') AND has_table_privilege('rep', 'INSERT')
                    AND has_table_privilege('trace', 'INSERT'))::INT AS allowed
                """
            )?["allowed"] as Int64?
        }
        if allowed != 1 {
            throw .unavailable(
                path: location,
                reason: "user \(server.user) may not add sessions; the server's administrator must GRANT INSERT on session, rep and "
                    + "trace to it"
            )
        }
        let id: [(column: String, value: StoredValue)] = [("id", .integer(-1))]
        let probe = SessionRecord.insert(id + SessionRecord.values(Self.writeProbe))
        try with { statements in
            try statements.execute("BEGIN")
            defer { _ = try? statements.execute("ROLLBACK") }
            try statements.execute(statements.dialect.numbered(probe.sql), probe.arguments)
            try statements.execute(
                """
                INSERT INTO rep (session_id, number, start, "end", peak, peak_time, impulse, mean, sample_count, interrupted)
                VALUES (-1, 1, 0, 0, 0, 0, 0, 0, 0, 0)
                """
            )
            try statements.execute("INSERT INTO trace (session_id, encoding, inflated_size, data) VALUES (-1, 'probe', 0, ''::BYTEA)")
        }
    }

    /// The session ``checkCanSave(bytes:)`` writes and rolls back.
    private static let writeProbe = StoredSession.analysed(
        device: "gripfit-write-probe",
        startedAtMilliseconds: 0,
        firmware: nil,
        label: nil,
        hand: nil,
        calibration: nil,
        trace: RawTrace(samples: [RawSample(micros: 0, raw: 0)])
    )

    /// Gives up every wait of this process on a server now, and any later one: for a signal
    /// during a save, which then lands on the station's file (``StationHistory``).
    public static func abandonWaits() {
        PostgresWaits.abandonAll()
    }

    /// The schema as this build expects it: the migrations applied and every table present. The
    /// server checks its own pages; nothing heavy runs here.
    public func integrityProblems() throws(StoreError) -> [String] {
        let tables = PostgresSchema.tables.map { "('\($0)')" }.joined(separator: ", ")
        let (missing, version) = try with { statements in
            (
                try statements.rows("SELECT name FROM (VALUES \(tables)) AS expected (name) WHERE to_regclass(name) IS NULL"),
                try statements.row("SELECT coalesce(max(version), 0)::BIGINT AS version FROM gripfit_schema_migrations")?["version"]
                    as Int64?
            )
        }
        var problems = missing.compactMap { $0["name"] as String? }.map { "table \($0) is missing" }
        if version != Int64(PostgresSchema.known) {
            problems.append("schema version \(version.map(String.init) ?? "none"), expected \(PostgresSchema.known)")
        }
        return problems
    }
}
