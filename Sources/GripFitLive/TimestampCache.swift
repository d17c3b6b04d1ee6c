import Foundation
import GripFitCore
import GripFitRecords

/// ``RFC3339`` time for a stream of events, as bytes: the calendar part is formatted once
/// a second and each event only rewrites its three millisecond digits. Formatting the whole date
/// per event was 7 % of `monitor` in a flood.
public struct TimestampCache {
    /// `2026-11-22T04:10:31.123Z` for the last ``set(milliseconds:)``.
    public private(set) var bytes: [UInt8] = []
    private var second: Int64?

    public init() {}

    public mutating func set(_ date: Date) {
        set(milliseconds: Timestamp.milliseconds(date))
    }

    /// `milliseconds` since 1970, as ``WallTime`` gives them.
    public mutating func set(milliseconds: Int64) {
        guard milliseconds >= 0 else {
            // Before 1970 the remainder is negative: not worth a fast path.
            second = nil
            bytes = Array(RFC3339.format(milliseconds: milliseconds).utf8)
            return
        }
        if milliseconds / 1000 != second {
            second = milliseconds / 1000
            bytes.removeAll(keepingCapacity: true)
            bytes.append(contentsOf: RFC3339.format(milliseconds: milliseconds - milliseconds % 1000).utf8)
        }
        var fraction = milliseconds % 1000
        for index in (bytes.count - 4)..<(bytes.count - 1) {
            bytes[index] = UInt8(ascii: "0") + UInt8(fraction / 100)
            fraction = fraction % 100 * 10
        }
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
