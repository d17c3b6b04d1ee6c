import GripFitCore
import GripFitRecords

extension AssessmentFacts {
    /// A guided run's assessment, as `record --protocol` and the dashboard file it with the run's
    /// first attempt: its settings, and that attempt's subject, device, start and calibration.
    public static func guided(settings: GuidedProtocol.Settings, first session: StoredSession) -> AssessmentFacts {
        AssessmentFacts(
            subject: session.tags.subject,
            device: session.device,
            startedAtMilliseconds: session.startedAtMilliseconds,
            protocolName: session.tags.protocolName ?? GuidedRun.protocolName,
            firstHand: settings.firstSide,
            trialsPerHand: settings.trialsPerHand,
            restSeconds: settings.rest / .seconds(1),
            unit: session.unitName,
            calibrationDate: session.calibration?.date,
            protocolVersion: settings.protocolVersion
        )
    }
}
