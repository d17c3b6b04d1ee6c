import GripFitClinical
import GripFitCore

/// An assessment with its attempts, oldest first. Its figures are computed from the attempts each
/// time (``statistics(dominant:)``), so they cannot disagree with the sessions they come from.
public struct StoredAssessment: Equatable, Sendable {
    public var id: Int64
    public var facts: AssessmentFacts
    public var attempts: [AssessmentAttempt]

    public init(id: Int64, facts: AssessmentFacts, attempts: [AssessmentAttempt]) {
        self.id = id
        self.facts = facts
        self.attempts = attempts
    }

    /// The counted attempts' peaks per hand, in trial order.
    public func statistics(dominant: Hand?) -> TrialStatistics {
        func peaks(_ hand: Hand) -> [Double] {
            attempts.filter { $0.hand == hand && $0.counts }.sorted { ($0.trial, $0.attempt) < ($1.trial, $1.attempt) }.map(\.peak)
        }
        return TrialStatistics(left: peaks(.left), right: peaks(.right), dominant: dominant)
    }

    /// Its stable name's uid (``StableName``), the same in every history that holds it.
    public var uid: String? { facts.uid }

    /// `a-` and the start of ``uid``: what users and other tools (FHIR ids) name it by everywhere;
    /// ``name`` is this history's own number.
    public var stableName: String? { uid.map { StableName.name(.assessment, uid: $0) } }

    /// How `history` and `show` write an assessment's id, apart from sessions' plain numbers.
    public var name: String { Self.name(id) }

    public static func name(_ id: Int64) -> String { "A\(id)" }

    /// The id in `A<n>` (either case); nil for anything else.
    public static func id(named text: String) -> Int64? {
        guard let first = text.first, first == "A" || first == "a", let id = Int64(text.dropFirst()), id > 0,
            text.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        return id
    }
}
