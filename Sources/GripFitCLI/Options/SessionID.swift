import ArgumentParser

/// A session id as `history` lists it, checked before the history is opened: `show -1` is a
/// mistyped id (exit 64), not a missing session.
enum SessionID {
    static func validate(_ id: Int64) throws {
        guard id >= 1 else {
            throw ValidationError("A session id is a whole number from 1 up; got \(id). `gripfit-serial history` lists the ids.")
        }
    }
}
