import ArgumentParser
import GripFitRecords
import GripFitStore

/// What a command line names a session or an assessment by: its stable name (`s-…`, `a-…`, see
/// ``StableName``), the same in every history and at every station, before and after `history
/// sync`; or this history's own number (`3`, `A3`), a convenience for a history that numbers alone
/// (a station's pending sessions are not numbered for users: their numbers are the station file's).
enum RecordName: Equatable {
    case session(Int64)
    case assessment(Int64)
    case stable(String)

    /// The name in `text`, or nil. A stable name is tried first: `a-…` is never a number.
    init?(_ text: String) {
        if StableName.parse(text) != nil {
            self = .stable(text)
        } else if let id = StoredAssessment.id(named: text) {
            self = .assessment(id)
        } else if let id = Int64(text), id >= 1 {
            self = .session(id)
        } else {
            return nil
        }
    }

    /// Whether it names an assessment (`A<n>` or `a-…`) rather than a session.
    var isAssessment: Bool {
        switch self {
        case .assessment: true
        case .session: false
        case .stable(let text): StableName.parse(text)?.kind == .assessment
        }
    }

    /// The record's id in `store`: a stable name looked up there, a number as given.
    func id(in store: any SessionHistory) throws(StoreError) -> Int64 {
        switch self {
        case .session(let id), .assessment(let id): id
        case .stable(let text): try store.id(named: text)
        }
    }

    /// A session's name (or, with `orAssessment`, an assessment's), checked before the history is
    /// opened: `show -1` is a mistyped id (exit 64).
    static func session(_ text: String, orAssessment: Bool = false) throws -> RecordName {
        if let number = Int64(text) { try SessionID.validate(number) }
        guard let name = RecordName(text), orAssessment || !name.isAssessment else {
            throw ValidationError(
                "Give a session id (a whole number from 1 up) or its name s-… (from `gripfit-serial history`); got \(text)."
            )
        }
        return name
    }

    /// An assessment's name, checked before the history is opened.
    static func assessment(_ text: String) throws -> RecordName {
        guard let name = RecordName(text), name.isAssessment else {
            throw ValidationError("Give an assessment id A<n> or its name a-… (from `history --assessments`); got \(text).")
        }
        return name
    }
}
