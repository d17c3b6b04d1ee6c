import Foundation
import GripFitCore
import GripFitRecords
import Testing

@testable import GripFitLive

/// The formatter that builds the whole timestamp each time (``Timestamp``'s milliseconds written by ``RFC3339``).
private enum WallClock {
    static func rfc3339(_ date: Date) -> String { RFC3339.format(milliseconds: Timestamp.milliseconds(date)) }
}

@Suite struct TimestampCacheTests {
    /// Consecutive events (the cached second reused) and jumps (the second reformatted), against
    /// the formatter that builds the whole timestamp each time.
    @Test func matchesTheFullFormatterEventByEvent() {
        var cache = TimestampCache()
        var milliseconds: Int64 = 1_795_320_630_990
        var step: Int64 = 1
        for _ in 0..<3000 {
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000 + 0.000_4)
            cache.set(date)
            #expect(cache.text == WallClock.rfc3339(date))
            milliseconds += step
            step = step % 997 + 7
        }
        let early = Date(timeIntervalSince1970: -1.5)
        cache.set(early)
        #expect(cache.text == WallClock.rfc3339(early))
    }
}
