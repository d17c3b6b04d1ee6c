import GripFitOutput
import Testing

/// A CSV file: the column names at the begin, a row per item as it comes, fields quoted by the line.
struct CSVRowsEncoderTests {
    @Test func theHeaderThenARowPerItem() {
        var encoder = CSVRowsEncoder<(String, Int)>(header: ["name", "count"]) { [CSVLine.text($0.0), String($0.1)] }
        var pieces: [[UInt8]] = [[], [], [], []]
        encoder.begin(into: &pieces[0])
        encoder.add(("a,b", 1), into: &pieces[1])
        encoder.add(("=c", 2), into: &pieces[2])
        encoder.finish(into: &pieces[3])
        #expect(pieces.map { String(decoding: $0, as: UTF8.self) } == ["name,count\n", "\"a,b\",1\n", "'=c,2\n", ""])
    }
}
