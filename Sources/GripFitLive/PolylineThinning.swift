/// Thins a polyline to what its pixels can show: in each pixel column, the first, lowest, highest
/// and last point, in their order (the M4 method). Drawn, it covers the same pixels as every
/// reading would; an hour at 50 Hz (180,000 readings) becomes a few thousand points, not a
/// several-megabyte SVG, and an imported trace of millions stays the size of the plot.
struct PolylineThinning {
    struct Point: Equatable {
        var x: Double
        var y: Double
    }

    private var points: [Point] = []
    private var column: Double?
    /// The current column's first, lowest, highest and last point, with their arrival order.
    private var kept: [(order: Int, point: Point)] = []
    private var count = 0

    mutating func add(x: Double, y: Double) {
        let point = Point(x: x, y: y)
        count += 1
        let here = x.rounded(.down)
        guard here == column, !kept.isEmpty else {
            flushColumn()
            column = here
            // First, lowest, highest and last: the first point is all four until others come.
            kept = Array(repeating: (count, point), count: 4)
            return
        }
        if y < kept[1].point.y { kept[1] = (count, point) }
        if y > kept[2].point.y { kept[2] = (count, point) }
        kept[3] = (count, point)
    }

    /// The thinned points of everything added so far; starts a new line.
    mutating func finish() -> [Point] {
        flushColumn()
        defer { points = [] }
        return points
    }

    private mutating func flushColumn() {
        var previous: Int?
        for (order, point) in kept.sorted(by: { $0.order < $1.order }) where order != previous {
            points.append(point)
            previous = order
        }
        kept = []
    }
}
