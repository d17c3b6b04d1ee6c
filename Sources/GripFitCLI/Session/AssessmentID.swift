import GripFitCore
import GripFitLive
import GripFitRecords
import GripFitStore

/// The assessment a guided run files its attempts under, filed with the first attempt (a run
/// stopped before any attempt, or whose first save fails, files none). A class: the save closure
/// and the command both read it.
final class AssessmentID {
    private(set) var id: Int64?

    /// Saves `session` as an attempt and returns its id: the first files the assessment with it,
    /// in one transaction, from the run's settings and the attempt's device, start and calibration,
    /// as `station` files a session.
    func save(_ session: StoredSession, settings: GuidedProtocol.Settings, to store: any SessionHistory, station: Station) throws -> Int64 {
        var session = session
        if let id {
            session.tags.assessment = id
            return try station.save(session) { store }
        }
        var facts = AssessmentFacts.guided(settings: settings, first: session)
        facts.uid = StableName.random()
        let saved = try station.save(session, to: { store }) { store, session throws(StoreError) in
            let first = try store.saveFirstAttempt(session, of: facts)
            return (first.outcome, first.assessment)
        }
        id = saved.filed
        return saved.session
    }
}
