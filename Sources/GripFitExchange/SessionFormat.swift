import GripFitClinical
import GripFitOutput
import GripFitRecords

/// The file formats sessions are exported in (``ExportWriter``) and `import` reads back.
public enum SessionFormat: String, CaseIterable, Sendable {
    /// One document with every session: metadata, summary, reps and the raw trace.
    case json
    /// One row per reading (and per link gap), each carrying its session's metadata.
    case csv

    /// The format's encoder. JSON carries the subjects and assessments too; CSV (one row per
    /// reading) carries the sessions with their tags, not the subjects' facts or the assessments' settings.
    public func encoder(subjects: [Subject], assessments: [StoredAssessment]) -> any ByteEncoder<StoredSession, StoreError> {
        switch self {
        case .json: SessionJSONEncoder(subjects: subjects, assessments: assessments)
        case .csv: SessionCSVEncoder()
        }
    }
}
