/// The file formats sessions are exported in (``ExportWriter``) and `import` reads back.
public enum SessionFormat: String, CaseIterable, Sendable {
    /// One document with every session: metadata, summary, reps and the raw trace.
    case json
    /// One row per reading (and per link gap), each carrying its session's metadata.
    case csv
}
