import GripFitCore
import GripFitStore

/// The assessment a guided run files its attempts under, made when the first attempt is saved
/// (a run stopped before any attempt files none). A class: the save closure and the command both read it.
final class AssessmentID {
    private(set) var id: Int64?

    /// Files the assessment from the run's settings and its first attempt's device, start and calibration.
    func start(_ store: any SessionHistory, settings: GuidedProtocol.Settings, first session: StoredSession) throws -> Int64 {
        let id = try store.startAssessment(
            AssessmentFacts(
                subject: session.tags.subject, device: session.device, startedAtMilliseconds: session.startedAtMilliseconds,
                protocolName: session.tags.protocolName ?? GuidedRun.protocolName, firstHand: settings.firstSide,
                trialsPerHand: settings.trialsPerHand, restSeconds: settings.rest / .seconds(1), unit: session.unitName,
                calibrationDate: session.calibration?.date))
        self.id = id
        return id
    }
}
