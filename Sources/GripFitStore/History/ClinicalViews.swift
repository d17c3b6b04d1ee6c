import Foundation
import GripFitCore
import GripFitExchange
import GripFitRecords

/// A stored assessment's clinical view with what it needs from the history: its subject and the
/// subject's other assessments (for the trend), read in the user's time zone. Here, beside the
/// history, so the CLI's `show` and the dashboard's assessment page read the same traces the same way.
public enum ClinicalViews {
    public static func view(
        of assessment: StoredAssessment,
        in store: any SessionHistory,
        settings: ClinicalSettings
    ) throws -> ClinicalView {
        let subject = try assessment.facts.subject.map { code throws in try store.subject(code: code) }
        let others = try assessment.facts.subject.map { code throws in try store.assessments(subject: code) } ?? []
        let read = try traces(of: assessment, in: store, measures: true)
        return ClinicalView(
            assessment: assessment,
            subject: subject,
            others: others,
            settings: settings,
            timeZone: .current,
            traces: read.traces,
            measures: read.measures
        )
    }

    /// The counted attempts' traces by session id when the assessment's protocol reads them
    /// (``GripProtocol/needsTraces``: a sustained grip's FR figures); none otherwise, so no other
    /// listing pays for reading every trace.
    public static func traces(of assessment: StoredAssessment, in store: any SessionHistory) throws -> [Int64: TrialTrace] {
        try traces(of: assessment, in: store, measures: false).traces
    }

    /// Those traces and, when `measures`, each attempt's force–time measures by session id, from
    /// one read of each session: the two come from the same stored trace.
    public static func traces(
        of assessment: StoredAssessment,
        in store: any SessionHistory,
        measures wanted: Bool
    ) throws -> (traces: [Int64: TrialTrace], measures: [Int64: TrialMeasures]) {
        let readsTraces = GripProtocol.named(assessment.facts.protocolName)?.needsTraces == true
        var traces: [Int64: TrialTrace] = [:]
        var measures: [Int64: TrialMeasures] = [:]
        for attempt in assessment.attempts where wanted || (readsTraces && attempt.counts) {
            let session = try store.session(id: attempt.session)
            if wanted { measures[attempt.session] = session.measures }
            if readsTraces, attempt.counts {
                traces[attempt.session] = TrialTrace(session.trace, calibration: session.calibration?.calibration)
            }
        }
        return (traces, measures)
    }
}
