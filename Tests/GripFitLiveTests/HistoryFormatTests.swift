import GripFitLive
import GripFitOutput
import Testing

/// Each `history --format` maps to its own encoder, as the command writes it.
struct HistoryFormatTests {
    typealias Fixtures = HistoryEncoderFixtures

    @Test(arguments: HistoryFormat.allCases)
    func eachFormatsEncoderWritesTheSessions(format: HistoryFormat) {
        let written = Fixtures.pieces(format.encoder(display: Fixtures.display, width: 80), [Fixtures.entry(id: 5)]).joined()
        switch format {
        case .table: #expect(written.hasPrefix("id") && written.contains("\n5 "))
        case .csv: #expect(written.hasPrefix("id,start,") && written.contains("\n5,"))
        case .json: #expect(written.hasPrefix(#"[{"id":5,"#) && written.hasSuffix("}]\n"))
        }
    }
}
