import Foundation
import GripFitClinical
import GripFitRecords

/// A JSON export imported as it is read, in batches (``batchSize`` sessions, one transaction and
/// one fsync each), so memory holds two batches however large the file: one being filed while the
/// next is decoded on a thread of its own (``BatchHandoff``). The file is read twice: once
/// for its subjects and assessments, which exports from before streaming write after the sessions,
/// then for the sessions. Each batch is checked whole and filed with ``SessionHistory/importContents(_:)``:
/// a refused batch leaves the earlier ones filed, and running the import again skips them.
public struct JSONImport {
    /// Sessions per transaction: a few MB of traces, and the fsync paid once for all of them.
    public static let batchSize = 500

    /// Reads the file from its start, handing each chunk read to the function it is given.
    public typealias Pass = ((ArraySlice<UInt8>) throws -> Void) throws -> Void

    /// Imports the file `pass` reads, each batch handed to `file` (``SessionHistory/importContents(_:)``,
    /// as the caller guards it); `progress` hears the sessions done so far and the total.
    public static func run(
        _ pass: @escaping Pass,
        file fileBatch: @escaping (ExchangeContents) throws -> ImportOutcome,
        progress: @escaping (Int, Int) -> Void = { _, _ in }
    ) throws -> ImportOutcome {
        let (subjects, assessments, total) = try header(pass)
        let handoff = BatchHandoff<[StoredSession]>()
        let read = DispatchSemaphore(value: 0)
        // Only the reading thread calls `pass`; the filing thread never touches it.
        nonisolated(unsafe) let pass = pass
        Thread.detachNewThread {
            defer { read.signal() }
            do {
                try sessions(pass) { handoff.put($0) }
                handoff.finish(nil)
            } catch {
                handoff.finish(error)
            }
        }
        defer {
            handoff.cancel()
            read.wait()
        }
        var outcome = ImportOutcome(added: 0, skipped: 0)
        while true {
            switch handoff.take() {
            case .batch(let batch):
                try SessionExchange.checkTags(batch, assessments: assessments)
                let filed = try fileBatch(ExchangeContents(sessions: batch, subjects: subjects, assessments: assessments))
                outcome.added += filed.added
                outcome.skipped += filed.skipped
                progress(outcome.added + outcome.skipped, total)
            case .end:
                return outcome
            case .failed(let error):
                throw error
            }
        }
    }

    /// The second pass: the sessions decoded and rebuilt, handed on ``batchSize`` at a time until
    /// `put` says the filer has stopped.
    private static func sessions(_ pass: Pass, put: @escaping ([StoredSession]) -> Bool) throws {
        var batch: [StoredSession] = []
        var number = 0
        var splitter = ExportSplitter()
        let decoder = decoder()
        try pass { chunk in
            for piece in try splitter.feed(chunk) {
                guard case .session(let bytes, let line) = piece else { continue }
                number += 1
                let exported: ExportedSession
                let scan = TraceScan(bytes)
                do {
                    exported = try decoder.decode(ExportedSession.self, from: Data(scan?.rest ?? bytes))
                } catch {
                    let words = (error as? DecodingError)?.words(under: "sessions[\(number - 1)]") ?? "session \(number) does not read"
                    throw StoreError.badImport(line: line, reason: words)
                }
                batch.append(try SessionExchange.session(exported, number: number, scanned: scan?.trace))
                if batch.count >= batchSize {
                    guard put(batch) else { throw CancellationError() }
                    batch = []
                }
            }
        }
        try splitter.finish()
        if !batch.isEmpty, !put(batch) { throw CancellationError() }
    }

    /// The first pass: the document without its sessions, checked as a whole export would be (its
    /// format and version, every subject and assessment), and how many sessions follow.
    private static func header(_ pass: Pass) throws -> (subjects: [Subject], assessments: [(fileID: Int64, facts: AssessmentFacts)], Int) {
        var splitter = ExportSplitter(keepsSessions: false)
        var members: [(key: String, value: [UInt8])] = []
        try pass { chunk in
            for piece in try splitter.feed(chunk) {
                if case .member(let key, let value) = piece { members.append((key, value)) }
            }
        }
        try splitter.finish()
        // The sessions come in the second pass; here they are an empty list, so the rest decodes as a document.
        var text: [UInt8] = Array("{".utf8)
        for (index, member) in members.enumerated() {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            text += Array(try jsonString(member.key).utf8) + [UInt8(ascii: ":")] + member.value
        }
        if splitter.hasSessions { text += Array(((members.isEmpty ? "" : ",") + "\"sessions\":[]").utf8) }
        text.append(UInt8(ascii: "}"))
        let contents = try SessionExchange.parseJSON(String(decoding: text, as: UTF8.self))
        return (contents.subjects, contents.assessments, splitter.sessionCount)
    }

    private static func jsonString(_ text: String) throws -> String {
        String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}
