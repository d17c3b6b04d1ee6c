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
            traces: try traces(of: assessment, in: store),
            measures: try measures(of: assessment, in: store)
        )
    }

    /// The counted attempts' traces by session id when the assessment's protocol reads them
    /// (``GripProtocol/needsTraces``: a sustained grip's FR figures); none otherwise, so no other
    /// listing pays for reading every trace.
    static func traces(of assessment: StoredAssessment, in store: any SessionHistory) throws -> [Int64: TrialTrace] {
        guard GripProtocol.named(assessment.facts.protocolName)?.needsTraces == true else { return [:] }
        var traces: [Int64: TrialTrace] = [:]
        for attempt in assessment.attempts where attempt.counts {
            let session = try store.session(id: attempt.session)
            traces[attempt.session] = TrialTrace(session.trace, calibration: session.calibration?.calibration)
        }
        return traces
    }

    /// Each attempt's force–time measures, by session id, from its session's trace.
    static func measures(of assessment: StoredAssessment, in store: any SessionHistory) throws -> [Int64: TrialMeasures] {
        var measures: [Int64: TrialMeasures] = [:]
        for attempt in assessment.attempts { measures[attempt.session] = try store.session(id: attempt.session).measures }
        return measures
    }
}
