import Foundation
import GripFitClinical
import GripFitOutput
import GripFitRecords

/// A JSON export (``SessionFormat/json``): the document's keys sorted, but `sessions` last, after
/// `version`, so an importer can read the subjects and assessments before the first session.
struct SessionJSONEncoder: ByteEncoder {
    typealias Item = StoredSession
    typealias Failure = StoreError

    let subjects: [Subject]
    let assessments: [StoredAssessment]
    private var written = 0

    init(subjects: [Subject], assessments: [StoredAssessment]) {
        self.subjects = subjects
        self.assessments = assessments
    }

    func begin(into bytes: inout [UInt8]) throws(StoreError) {
        let header = Header(
            format: ExportDocument.formatName,
            version: 1,
            subjects: subjects.isEmpty ? nil : subjects.map(ExportedSubject.init),
            assessments: assessments.isEmpty ? nil : assessments.map(ExportedAssessment.init)
        )
        let object = try Self.encode(header)
        bytes += object.utf8.dropLast()
        bytes += #","sessions":["#.utf8
    }

    mutating func add(_ session: StoredSession, into bytes: inout [UInt8]) throws(StoreError) {
        let object = try Self.encode(ExportedSession(session))
        if written > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes += object.utf8
        written += 1
    }

    func finish(into bytes: inout [UInt8]) {
        bytes += "]}\n".utf8
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
