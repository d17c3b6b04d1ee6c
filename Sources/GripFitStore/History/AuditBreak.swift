/// Where `audit verify` found the chain broken: the first entry that does not hold, by number, and
/// what is wrong with it.
public struct AuditBreak: Error, Equatable, Sendable, CustomStringConvertible {
    public var sequence: Int64
    public var reason: String

    public init(sequence: Int64, reason: String) {
        self.sequence = sequence
        self.reason = reason
    }

    public var description: String { "entry \(sequence): \(reason)" }
}
