import Foundation
import GripFitCore
import GripFitExchange
import GripFitRecords
import GripFitStore

/// A stored assessment's clinical view with what it needs from the history: its subject and the
/// subject's other assessments (for the trend), read in the user's time zone.
enum ClinicalViews {
    static func view(of assessment: StoredAssessment, in store: any SessionHistory, settings: ClinicalSettings) throws -> ClinicalView {
        let subject = try assessment.facts.subject.map { code throws in try store.subject(code: code) }
        let others = try assessment.facts.subject.map { code throws in try store.assessments(subject: code) } ?? []
        return ClinicalView(
            assessment: assessment,
            subject: subject,
            others: others,
            settings: settings,
            timeZone: .current,
            measures: try measures(of: assessment, in: store)
        )
    }

    /// Each attempt's force–time measures, by session id, from its session's trace.
    static func measures(of assessment: StoredAssessment, in store: any SessionHistory) throws -> [Int64: TrialMeasures] {
        var measures: [Int64: TrialMeasures] = [:]
        for attempt in assessment.attempts { measures[attempt.session] = try store.session(id: attempt.session).measures }
        return measures
    }
}
