import GripFitRecords

/// The assessment a ``StationHistory`` filed last (a guided run's), so its run ends whole whether or
/// not the server stays. Filed on the server, it keeps the facts and the attempts saved there: once
/// the server is away, the later attempts join a copy of it here, filed with those attempts (not
/// pending: the server has them), and the push files the pending ones under the server's assessment
/// again (same device, start, protocol). Filed here, its id is this station file's.
struct FiledAssessment: Sendable {
    var id: Int64
    var onServer: Bool
    var facts: AssessmentFacts
    /// The attempts saved on the server, as saved (tagged with `id`).
    var attempts: [StoredSession]
    /// The copy's id in this station's file, once made.
    var copy: Int64?
}
