import GripFitCore
import GripFitRecords

extension SQLHistory {
    /// The history's secret key for subject digests, from `audit_head`.
    func auditKey(location: String) throws -> [UInt8] {
        let hex: String? = try rows("SELECT key FROM audit_head WHERE one = 1").first?["key"]
        guard let hex, hex.count == 64, let key = Self.bytes(hex: hex) else {
            throw StoreError.damaged(path: location, detail: "its audit trail's key (table audit_head) is missing or damaged")
        }
        return key
    }

    /// The keyed digest the trail keeps of a subject code: HMAC-SHA256 of the code in lower case
    /// (codes are case-blind) under the history's key, its first 16 bytes in hex.
    package func auditDigest(code: String, location: String) throws -> String {
        Self.digest(code: code, key: try auditKey(location: location))
    }

    static func digest(code: String, key: [UInt8]) -> String {
        SHA256.hexadecimal(Array(HMACSHA256.tag(key: key, message: Array(code.lowercased().utf8)).prefix(16)))
    }

    /// Appends `event` by `actor` at `atMilliseconds` inside the caller's transaction: the head's
    /// number is taken first (an UPDATE, so two writers queue on its row), the entry chained to the
    /// head's hash, then the head moved to it.
    package func appendAudit(_ event: AuditEvent, by actor: AuditActor, at atMilliseconds: Int64, location: String) throws {
        guard let head = try rows("UPDATE audit_head SET seq = seq + 1 WHERE one = 1 RETURNING seq, hash, key").first,
            let sequence: Int64 = head["seq"], let previous: String = head["hash"], let hex: String = head["key"],
            let key = Self.bytes(hex: hex)
        else {
            throw StoreError.damaged(path: location, detail: "its audit trail's head (table audit_head) is missing or damaged")
        }
        var entry = AuditEntry(
            sequence: sequence,
            atMilliseconds: atMilliseconds,
            actor: actor,
            action: event.action.rawValue,
            subjects: event.subjects.map { Self.digest(code: $0, key: key) },
            sessions: event.sessions,
            assessments: event.assessments,
            detail: event.detail,
            outcome: event.outcome,
            previous: previous,
            hash: ""
        )
        entry.hash = entry.computedHash
        try execute(
            """
            INSERT INTO audit (seq, at_ms, actor, role, station, action, subjects, sessions, assessments, detail, outcome, previous, hash)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                entry.sequence, entry.atMilliseconds, actor.name, actor.role, actor.station, entry.action,
                entry.subjects.joined(separator: " "), entry.sessions.joined(separator: " "), entry.assessments.joined(separator: " "),
                entry.detail, entry.outcome, entry.previous, entry.hash,
            ]
        )
        try execute("UPDATE audit_head SET hash = ? WHERE one = 1", [entry.hash])
    }

    /// The entries `filter` picks, oldest first.
    package func auditEntries(_ filter: AuditFilter, location: String) throws -> [AuditEntry] {
        var conditions: [String] = []
        var values: [Value] = []
        if let subject = filter.subject {
            conditions.append("subjects LIKE ?")
            values.append("%" + (try auditDigest(code: subject, location: location)) + "%")
        }
        if let since = filter.sinceMilliseconds {
            conditions.append("at_ms >= ?")
            values.append(since)
        }
        if let action = filter.action {
            conditions.append("action = ?")
            values.append(action)
        }
        let condition = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        var entries: [AuditEntry] = []
        try eachRow("SELECT * FROM audit\(condition) ORDER BY seq", values) { columns, values in
            if let entry = Self.entry(HistoryRow(columns: columns, values: values)) { entries.append(entry) }
        }
        return entries
    }

    /// Checks the whole chain (``AuditChain``); nil when it holds.
    package func verifyAudit(location: String) throws -> AuditBreak? {
        var chain = AuditChain()
        var position: Int64 = 0
        try streamRows("SELECT * FROM audit ORDER BY seq", []) { columns, values in
            position += 1
            let row = HistoryRow(columns: columns, values: values)
            guard let entry = Self.entry(row) else {
                let sequence: Int64 = row["seq"] ?? position
                return chain.takeUnreadable(sequence: sequence, reason: "a column is empty or not text: it was edited")
            }
            _ = chain.take(entry)
        }
        guard let head = try rows("SELECT seq, hash FROM audit_head WHERE one = 1").first, let sequence: Int64 = head["seq"],
            let hash: String = head["hash"]
        else {
            throw StoreError.damaged(path: location, detail: "its audit trail's head (table audit_head) is missing or damaged")
        }
        chain.finish(headSequence: sequence, headHash: hash)
        return chain.failure
    }

    /// The entry a row holds; nil when a column is missing or of another type.
    static func entry(_ row: HistoryRow) -> AuditEntry? {
        func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }
        guard let sequence: Int64 = row["seq"], let at: Int64 = row["at_ms"], let name: String = row["actor"],
            let role: String = row["role"], let station: String = row["station"], let action: String = row["action"],
            let subjects: String = row["subjects"], let sessions: String = row["sessions"],
            let assessments: String = row["assessments"], let detail: String = row["detail"], let outcome: String = row["outcome"],
            let previous: String = row["previous"], let hash: String = row["hash"]
        else { return nil }
        return AuditEntry(
            sequence: sequence,
            atMilliseconds: at,
            actor: AuditActor(name: name, role: role, station: station),
            action: action,
            subjects: words(subjects),
            sessions: words(sessions),
            assessments: words(assessments),
            detail: detail,
            outcome: outcome,
            previous: previous,
            hash: hash
        )
    }

    static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
