import GripFitCore

/// How a session is filed: what the user called it, which hand, whose hands (a subject's code),
/// and for the guided protocol its name (`standard`), the assessment it belongs to, its trial
/// number (1–5 per hand), which attempt at that trial, and why a flagged attempt does not count.
public struct SessionTags: Equatable, Sendable {
    public var label: String?
    public var hand: Hand?
    public var protocolName: String?
    public var trial: Int?
    public var subject: String?
    public var assessment: Int64?
    public var attempt: Int?
    /// Why the attempt does not count (``GuidedProtocol/Flag``'s words); nil when it counts.
    public var flag: String?

    public init(
        label: String? = nil,
        hand: Hand? = nil,
        protocolName: String? = nil,
        trial: Int? = nil,
        subject: String? = nil,
        assessment: Int64? = nil,
        attempt: Int? = nil,
        flag: String? = nil
    ) {
        self.label = label
        self.hand = hand
        self.protocolName = protocolName
        self.trial = trial
        self.subject = subject
        self.assessment = assessment
        self.attempt = attempt
        self.flag = flag
    }
}
