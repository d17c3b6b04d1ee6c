import Foundation
import GripFitExchange
import GripFitRecords
import GripFitStore

/// A stored assessment's clinical view with what it needs from the history: its subject and the
/// subject's other assessments (for the trend), read in the user's time zone.
enum ClinicalViews {
    static func view(of assessment: StoredAssessment, in store: any SessionHistory, settings: ClinicalSettings) throws -> ClinicalView {
        let subject = try assessment.facts.subject.map { code throws in try store.subject(code: code) }
        let others = try assessment.facts.subject.map { code throws in try store.assessments(subject: code) } ?? []
        return ClinicalView(assessment: assessment, subject: subject, others: others, settings: settings, timeZone: .current)
    }
}
