import Testing

@testable import GripFitLive

struct PolylineThinningTests {
    typealias Point = PolylineThinning.Point

    @Test func keepsEveryPointWhenEachHasAColumnOfItsOwn() {
        var line = PolylineThinning()
        let points = (0..<10).map { Point(x: Double($0) * 2.5, y: Double($0 % 3)) }
        for point in points { line.add(x: point.x, y: point.y) }
        #expect(line.finish() == points)
    }

    @Test func keepsTheFirstLowestHighestAndLastOfAColumnInOrder() {
        var line = PolylineThinning()
        // One column: 5, 9 (highest), 1 (lowest), 4, 6 (last); then the next column.
        for (x, y) in [(10.0, 5.0), (10.2, 9), (10.4, 1), (10.6, 4), (10.8, 6), (11.1, 3)] { line.add(x: x, y: y) }
        #expect(
            line.finish() == [
                Point(x: 10, y: 5), Point(x: 10.2, y: 9), Point(x: 10.4, y: 1), Point(x: 10.8, y: 6), Point(x: 11.1, y: 3),
            ]
        )
    }

    /// A gap ends a line mid-column; the next line starts afresh in that same column.
    @Test func aLineEndedMidColumnLeavesNothingForTheNext() {
        var line = PolylineThinning()
        for (x, y) in [(5.1, 1.0), (5.5, 7)] { line.add(x: x, y: y) }
        #expect(line.finish() == [Point(x: 5.1, y: 1), Point(x: 5.5, y: 7)])
        for (x, y) in [(5.7, 3.0), (5.9, 2)] { line.add(x: x, y: y) }
        #expect(line.finish() == [Point(x: 5.7, y: 3), Point(x: 5.9, y: 2)])
    }

    /// An hour at 50 Hz across a plot 858 pixels wide: at most four points a column, the extremes kept.
    @Test func anHourOfReadingsStaysTheSizeOfThePlot() {
        var line = PolylineThinning()
        let count = 180_000
        for index in 0..<count {
            let y = index == 123_456 ? -50.0 : Double(index % 97)
            line.add(x: 78 + Double(index) / Double(count) * 858, y: y)
        }
        let points = line.finish()
        #expect(points.count <= 4 * 859)
        #expect(points.contains(Point(x: 78 + 123_456.0 / Double(count) * 858, y: -50)))
        #expect(points.map(\.y).max() == 96)
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.x <= $1.x })
        #expect(line.finish().isEmpty)
    }
}
