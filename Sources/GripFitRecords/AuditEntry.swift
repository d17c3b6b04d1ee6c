import GripFitCore

/// One entry of a history's audit trail as stored: numbered from 1, append-only, each holding the
/// SHA-256 of the one before (`previous`) and its own (`hash`) over ``canonical``, so an entry
/// deleted, edited or moved breaks the chain at the first one after it (``AuditChain``).
public struct AuditEntry: Equatable, Sendable {
    public var sequence: Int64
    public var atMilliseconds: Int64
    public var actor: AuditActor
    /// The action's name as stored: an ``AuditAction``'s raw value unless the row was tampered with.
    public var action: String
    /// Keyed digests of the subjects' codes (``HMACSHA256`` under the history's key), never the codes.
    public var subjects: [String]
    public var sessions: [String]
    public var assessments: [String]
    public var detail: String
    public var outcome: String
    public var previous: String
    public var hash: String

    public init(
        sequence: Int64,
        atMilliseconds: Int64,
        actor: AuditActor,
        action: String,
        subjects: [String],
        sessions: [String],
        assessments: [String],
        detail: String,
        outcome: String,
        previous: String,
        hash: String
    ) {
        self.sequence = sequence
        self.atMilliseconds = atMilliseconds
        self.actor = actor
        self.action = action
        self.subjects = subjects
        self.sessions = sessions
        self.assessments = assessments
        self.detail = detail
        self.outcome = outcome
        self.previous = previous
        self.hash = hash
    }

    /// The `previous` of the first entry: 64 zeros.
    public static let origin = String(repeating: "0", count: 64)

    /// The bytes the hash covers: `previous`, then each field as its UTF-8 length in decimal, `:`
    /// and its bytes, so no two different entries encode alike whatever their text holds.
    public var canonical: [UInt8] {
        let fields = [
            String(sequence), String(atMilliseconds), actor.name, actor.role, actor.station, action,
            subjects.joined(separator: " "), sessions.joined(separator: " "), assessments.joined(separator: " "), detail, outcome,
        ]
        var bytes = Array(previous.utf8)
        for field in fields {
            let utf8 = Array(field.utf8)
            bytes += Array(String(utf8.count).utf8) + [UInt8(ascii: ":")] + utf8
        }
        return bytes
    }

    /// The hash ``canonical`` gives: what `hash` holds when the entry is as written.
    public var computedHash: String { SHA256.hex(canonical) }
}
