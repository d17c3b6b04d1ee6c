/// The top level of a JSON export, versioned so a later importer can tell old files apart.
struct ExportDocument: Codable {
    static let formatName = "gripfit-sessions"

    var format: String
    var version: Int
    var sessions: [ExportedSession]
    /// Absent in exports from before subjects and in exports of sessions without one.
    var subjects: [ExportedSubject]?
    var assessments: [ExportedAssessment]?
}
