import GripFitCore

/// How a session is filed: what the user called it, which hand, and for the guided protocol its
/// name (`standard`) and trial number (1–3 per hand).
public struct SessionTags: Equatable, Sendable {
    public var label: String?
    public var hand: Hand?
    public var protocolName: String?
    public var trial: Int?

    public init(label: String?, hand: Hand?, protocolName: String?, trial: Int?) {
        self.label = label
        self.hand = hand
        self.protocolName = protocolName
        self.trial = trial
    }
}
