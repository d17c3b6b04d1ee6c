import GripFitCore
import GripFitLive
import GripFitStore

/// The assessment a guided run files its attempts under, made when the first attempt is saved
/// (a run stopped before any attempt files none). A class: the save closure and the command both read it.
final class AssessmentID {
    private(set) var id: Int64?

    /// Files the assessment from the run's settings and its first attempt's device, start and calibration.
    func start(_ store: any SessionHistory, settings: GuidedProtocol.Settings, first session: StoredSession) throws -> Int64 {
        let id = try store.startAssessment(.guided(settings: settings, first: session))
        self.id = id
        return id
    }
}
