import Foundation
import GripFitClinical
import GripFitOutput
import GripFitRecords

/// An export written as it is read: the subjects and assessments (few) first, then each session as
/// it comes, handed to `emit` piece by piece, so `export --all` holds one batch of sessions, not
/// the whole history. In JSON the document's keys are sorted but `sessions` comes last, after
/// `version`, so an importer can read the rest before the first session.
public struct ExportWriter {
    public let format: SessionFormat
    private let emit: (String) throws(StoreError) -> Void
    private var written = 0

    public init(
        format: SessionFormat, subjects: [Subject], assessments: [StoredAssessment], emit: @escaping (String) throws(StoreError) -> Void
    ) throws(StoreError) {
        self.format = format
        self.emit = emit
        switch format {
        case .json:
            let header = Header(
                format: ExportDocument.formatName, version: 1, subjects: subjects.isEmpty ? nil : subjects.map(ExportedSubject.init),
                assessments: assessments.isEmpty ? nil : assessments.map(ExportedAssessment.init))
            let object = try Self.encode(header)
            try emit(String(object.dropLast()) + ",\"sessions\":[")
        case .csv:
            try emit(CSVLine.join(SessionExchange.csvHeader) + "\n")
        }
    }

    /// Throws rather than write a partial session: one holding a number the format cannot carry
    /// (inf, nan) fails the export, loudly.
    public mutating func add(_ session: StoredSession) throws(StoreError) {
        switch format {
        case .json: try emit((written == 0 ? "" : ",") + Self.encode(ExportedSession(session)))
        case .csv: try emit(SessionExchange.csvLines(session).map { $0 + "\n" }.joined())
        }
        written += 1
    }

    public func finish() throws(StoreError) {
        switch format {
        case .json: try emit("]}\n")
        case .csv: break
        }
    }

    /// The document's keys but `sessions`.
    private struct Header: Encodable {
        var format: String
        var version: Int
        var subjects: [ExportedSubject]?
        var assessments: [ExportedAssessment]?
    }

    /// As every export encodes: snake_case keys, sorted.
    private static func encode(_ value: some Encodable) throws(StoreError) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw .notExportable("a session holds a value JSON cannot carry (\(error))")
        }
    }
}
