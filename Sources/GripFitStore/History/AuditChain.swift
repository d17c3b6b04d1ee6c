import GripFitRecords

/// Checks a trail's entries in order as they are read: numbered 1, 2, 3 … with no gap, each one's
/// `previous` the hash of the one before, each one's `hash` what its contents give, and at the end
/// the head (`audit_head`) naming the last. The first that does not hold is the break.
package struct AuditChain {
    private var expected: Int64 = 1
    private var last = AuditEntry.origin
    package private(set) var failure: AuditBreak?

    package init() {}

    /// Takes the next entry; false once the chain is broken (the rest need not be read).
    package mutating func take(_ entry: AuditEntry) -> Bool {
        guard failure == nil else { return false }
        if entry.sequence != expected {
            let missing = entry.sequence > expected ? "entry \(expected) is missing (deleted)" : "it is out of order (moved)"
            failure = AuditBreak(sequence: entry.sequence, reason: "expected entry \(expected) here: \(missing)")
        } else if entry.previous != last {
            failure = AuditBreak(
                sequence: entry.sequence,
                reason: "its previous hash is not the hash of entry \(expected - 1): an entry before it was deleted, edited or moved"
            )
        } else if entry.computedHash != entry.hash {
            failure = AuditBreak(sequence: entry.sequence, reason: "its contents do not give its hash: it was edited or moved")
        }
        expected += 1
        last = entry.hash
        return failure == nil
    }

    /// Takes a row that does not read as an entry (a column emptied or retyped by hand).
    package mutating func takeUnreadable(sequence: Int64, reason: String) {
        if failure == nil { failure = AuditBreak(sequence: sequence, reason: reason) }
    }

    /// Ends the check against the head's number and hash.
    package mutating func finish(headSequence: Int64, headHash: String) {
        guard failure == nil else { return }
        if headSequence != expected - 1 {
            failure = AuditBreak(
                sequence: max(headSequence, expected - 1),
                reason: "the trail ends at entry \(expected - 1) but its head names entry \(headSequence): entries were deleted"
            )
        } else if headHash != last {
            failure = AuditBreak(sequence: headSequence, reason: "its hash is not the one the trail's head holds: it was edited")
        }
    }
}
