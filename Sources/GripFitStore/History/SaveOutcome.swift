/// What a save did: the unique (device, start) constraint turns a repeated import into a skip.
public enum SaveOutcome: Equatable, Sendable {
    case inserted(id: Int64)
    case duplicate(existingID: Int64)
}
