import GripFitRecords
import Testing

@testable import GripFitExchange

/// ``ExportSplitter``: the same pieces whether the file comes whole, a byte at a time or in random
/// chunks; brackets, quotes and escapes inside strings do not count; a piece over the cap is refused
/// naming its line.
struct ExportSplitterTests {
    static let document = """
        {"assessments":[{"id":1,"note":"a ] and a } and a \\" inside"}],"format":"gripfit-sessions",
        "sessions":[{"label":"[x]{y}","n":[1,[2]]},
        {"label":"\\\\","n":2}, 3 ],"version":1}
        """

    static func pieces(_ text: String, chunk: (Int) -> Int) throws -> [ExportSplitter.Piece] {
        var splitter = ExportSplitter()
        let bytes = Array(text.utf8)
        var pieces: [ExportSplitter.Piece] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + max(1, chunk(start)))
            pieces += try splitter.feed(bytes[start..<end])
            start = end
        }
        try splitter.finish()
        return pieces
    }

    @Test func piecesDoNotDependOnTheChunks() throws {
        let whole = try Self.pieces(Self.document) { _ in Int.max / 2 }
        #expect(
            whole == [
                .member(key: "assessments", value: Array(#"[{"id":1,"note":"a ] and a } and a \" inside"}]"#.utf8)),
                .member(key: "format", value: Array(#""gripfit-sessions""#.utf8)),
                .session(Array(#"{"label":"[x]{y}","n":[1,[2]]}"#.utf8), line: 2),
                .session(Array(#"{"label":"\\","n":2}"#.utf8), line: 3),
                .session(Array("3".utf8), line: 3),
                .member(key: "version", value: Array("1".utf8)),
            ]
        )
        #expect(try Self.pieces(Self.document) { _ in 1 } == whole)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            #expect(try Self.pieces(Self.document) { _ in Int.random(in: 1...17, using: &generator) } == whole)
        }
    }

    @Test func aFileCutShortOrWithMoreAfterItIsRefused() throws {
        #expect(throws: StoreError.self) { try Self.pieces(#"{"format": "#) { _ in 4 } }
        #expect(throws: StoreError.self) { try Self.pieces(#"{"version":1} {}"#) { _ in 4 } }
        #expect(throws: StoreError.self) { try Self.pieces("[1]") { _ in 4 } }
    }

    @Test func aSessionOverTheCapIsRefusedNamingItsLine() throws {
        var splitter = ExportSplitter()
        _ = try splitter.feed(Array("{\"sessions\":[\n\n{\"label\":\"".utf8))
        let filler = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        #expect(throws: StoreError.badImport(line: 3, reason: "a session starting on this line is larger than 64 MiB")) {
            for _ in 0...64 { _ = try splitter.feed(filler) }
        }
    }

    /// The members pass walks the sessions without keeping them, and counts them.
    @Test func theMembersPassCountsTheSessions() throws {
        var splitter = ExportSplitter(keepsSessions: false)
        let pieces = try splitter.feed(Array(Self.document.utf8))
        #expect(pieces.count == 3 && splitter.hasSessions && splitter.sessionCount == 3)
    }
}
