import GripFitRecords
import Testing

@testable import GripFitStore

struct ColumnPositionsTests {
    @Test func findsColumnsReadInTheirOrderAndOutOfIt() {
        let positions = ColumnPositions(["id", "device", "peak", "station", "peak"])
        // In order, row after row.
        for _ in 0..<3 {
            #expect(positions.position(of: "id") == 0)
            #expect(positions.position(of: "device") == 1)
            #expect(positions.position(of: "peak") == 2)
            #expect(positions.position(of: "station") == 3)
        }
        // Out of order, a name twice (the first wins) and a name the statement lacks.
        #expect(positions.position(of: "station") == 3)
        #expect(positions.position(of: "id") == 0)
        #expect(positions.position(of: "peak") == 2)
        #expect(positions.position(of: "mean") == nil)
        #expect(positions.position(of: "device") == 1)
    }
}
