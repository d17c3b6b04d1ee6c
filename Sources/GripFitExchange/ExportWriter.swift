import GripFitClinical
import GripFitOutput
import GripFitRecords

/// An export written as it is read: the subjects and assessments (few) first, then each session as
/// it comes, handed to `emit` piece by piece, so `export --all` holds one batch of sessions, not
/// the whole history. What each piece holds is the format's encoder's (``SessionFormat/encoder(subjects:assessments:)``).
public struct ExportWriter {
    public let format: SessionFormat
    private var encoder: any ByteEncoder<StoredSession, StoreError>
    private let emit: (String) throws(StoreError) -> Void
    private var bytes: [UInt8] = []

    public init(
        format: SessionFormat,
        subjects: [Subject],
        assessments: [StoredAssessment],
        emit: @escaping (String) throws(StoreError) -> Void
    ) throws(StoreError) {
        self.format = format
        self.emit = emit
        encoder = format.encoder(subjects: subjects, assessments: assessments)
        try encoder.begin(into: &bytes)
        try flush()
    }

    /// Throws rather than write a partial session: one holding a number the format cannot carry
    /// (inf, nan) fails the export, loudly.
    public mutating func add(_ session: StoredSession) throws(StoreError) {
        try encoder.add(session, into: &bytes)
        try flush()
    }

    public mutating func finish() throws(StoreError) {
        try encoder.finish(into: &bytes)
        try flush()
    }

    /// Hands what the encoder appended to `emit`; nothing when it appended nothing (CSV's finish).
    private mutating func flush() throws(StoreError) {
        guard !bytes.isEmpty else { return }
        let piece = String(decoding: bytes, as: UTF8.self)
        bytes.removeAll(keepingCapacity: true)
        try emit(piece)
    }
}
