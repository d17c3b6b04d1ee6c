import Testing

@testable import GripFitLive

/// `history --format csv`'s columns: the unit in the header, an uncalibrated session's peak in `peak_raw`.
struct HistoryCSVTests {
    typealias Fixtures = HistoryEncoderFixtures

    @Test func theHeaderNamesTheUnitAndEachSessionHasAFieldPerColumn() {
        let header = HistoryCSV.header(unit: .pounds)
        let first = ["id", "start", "device", "firmware", "bridge", "hand", "label", "protocol", "trial", "unit", "peak_lb"]
        #expect(header.starts(with: first))
        #expect(header.last == "station")
        let fields = HistoryCSV.fields(Fixtures.entry(id: 7, label: "a,b"), display: Fixtures.display)
        #expect(fields.count == header.count)
        #expect(fields[0] == "7")
        #expect(fields[6] == "a,b", "quoted by the line, not the field")
        // An uncalibrated session: no unit, no force, its peak in peak_raw.
        #expect(fields[9] == "raw")
        #expect(fields[10] == "")
        #expect(fields[header.firstIndex(of: "peak_raw") ?? 0] != "")
    }
}
