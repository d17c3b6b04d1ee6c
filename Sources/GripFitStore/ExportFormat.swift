/// The file formats `export` writes; `import` reads JSON and CSV back.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// One document with every session: metadata, summary, reps and the raw trace.
    case json
    /// One row per reading (and per link gap), each carrying its session's metadata.
    case csv
    /// A FHIR R4 Bundle of assessments (Patient, Device, an Observation per hand): for a clinic's
    /// records, written only, never imported.
    case fhir

    /// The formats that carry sessions, and so the ones `import` reads back.
    public static let sessionFormats: [ExportFormat] = [.json, .csv]
}
