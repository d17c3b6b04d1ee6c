/// End-of-line labels pushed apart so they stay readable where curves converge (the centiles
/// close in at old age): sorted by position, each at least `gap` below the one above.
enum ChartLabels {
    static func spread(_ positions: [Double], gap: Double) -> [Double] {
        let order = positions.indices.sorted { positions[$0] < positions[$1] }
        var placed = positions
        var previous = -Double.infinity
        for index in order {
            placed[index] = max(positions[index], previous + gap)
            previous = placed[index]
        }
        return placed
    }
}
