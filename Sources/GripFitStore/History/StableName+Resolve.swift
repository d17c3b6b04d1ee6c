import GripFitRecords

extension StableName {
    /// The id of the one record among `matches` (those whose uid starts with `name`'s prefix, a few
    /// at most): ``StoreError/unknownName(_:)`` for none, ``StoreError/ambiguousName(_:matches:)``
    /// naming each by a prefix long enough to tell them apart.
    package static func resolve(_ name: String, kind: Kind, matches: [(id: Int64, uid: String)]) throws(StoreError) -> Int64 {
        guard let first = matches.first else { throw .unknownName(name) }
        guard matches.count > 1 else { return first.id }
        let uids = matches.map(\.uid)
        let shared = uids.dropFirst().map { uid in zip(uid, first.uid).prefix { $0 == $1 }.count }.max() ?? 0
        throw .ambiguousName(name, matches: uids.map { "\(kind.rawValue)-" + $0.prefix(max(shortLength, shared + 1)) })
    }
}
