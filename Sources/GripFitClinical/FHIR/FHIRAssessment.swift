import Foundation

/// One stored assessment as the Bundle needs it: who, with which device, when, by which protocol
/// and statistic, the result per hand (with each hand's own notes), and the assessment's notes (the
/// centile or why there is none, the EWGSOP2 comparison), which the Bundle carries once.
public struct FHIRAssessment: Sendable, Equatable {
    /// What the Observations' ids and identifiers are made from (``FHIRIdentity/observationUUID(assessment:hand:)``).
    public var id: String
    public var subjectCode: String
    public var deviceAddress: String
    public var effective: Date
    /// For example "GripFit standard protocol, 3 trials".
    public var protocolName: String
    /// For example "maximum of counted trials".
    public var statistic: String
    public var hands: [FHIRHandResult]
    public var notes: [String]

    public init(
        id: String,
        subjectCode: String,
        deviceAddress: String,
        effective: Date,
        protocolName: String,
        statistic: String,
        hands: [FHIRHandResult],
        notes: [String]
    ) {
        self.id = id
        self.subjectCode = subjectCode
        self.deviceAddress = deviceAddress
        self.effective = effective
        self.protocolName = protocolName
        self.statistic = statistic
        self.hands = hands
        self.notes = notes
    }
}
