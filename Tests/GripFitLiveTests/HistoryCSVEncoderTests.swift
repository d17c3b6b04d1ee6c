import GripFitOutput
import Testing

@testable import GripFitLive

/// `history --format csv`: the column names in the unit, then a row per session as it comes.
struct HistoryCSVEncoderTests {
    typealias Fixtures = HistoryEncoderFixtures

    @Test func theHeaderNamesTheUnitAndEachSessionIsOneRow() {
        let pieces = Fixtures.pieces(HistoryCSVEncoder(display: Fixtures.display), [Fixtures.entry(id: 7, label: "a,b")])
        #expect(pieces.count == 3)
        #expect(pieces[0].hasPrefix("id,start,device,firmware,bridge,hand,label,protocol,trial,unit,peak_lb,mean_lb,"))
        #expect(pieces[0].hasSuffix(",station\n"))
        let header = pieces[0].dropLast().split(separator: ",", omittingEmptySubsequences: false)
        #expect(pieces[1].hasPrefix("7,2026-11-18T"))
        // An uncalibrated session: no unit, its peak in peak_raw; the label quoted.
        #expect(pieces[1].contains(",left,\"a,b\",,,raw,,,"))
        #expect(pieces[1].hasSuffix("\n"))
        #expect(pieces[2] == "")
        #expect(header.contains("peak_raw"))
    }
}
