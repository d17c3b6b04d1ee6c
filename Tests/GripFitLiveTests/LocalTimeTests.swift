import Foundation
import GripFitLive
import Testing

/// LocalTime computes the fields itself: it must say what a DateFormatter with the same pattern says.
struct LocalTimeTests {
    static let zones = [
        "UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham", "America/Caracas",
    ]

    /// Around DST changes, before 1970, leap days, the ends of the range.
    static let instants: [Int64] = [
        0, 1_795_590_631_123, 1_711_846_799_999, 1_711_846_800_000, 1_729_990_800_000, 951_825_600_000, -1_000, -86_400_001,
        -2_208_988_800_000, 4_102_444_800_000,
    ]

    @Test(arguments: zones) func matchesDateFormatter(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        for milliseconds in Self.instants {
            for seconds in [true, false] {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.calendar = Calendar(identifier: .gregorian)
                formatter.timeZone = timeZone
                formatter.dateFormat = seconds ? "yyyy-MM-dd HH:mm:ss xxx" : "yyyy-MM-dd HH:mm xxx"
                let expected = formatter.string(from: Date(timeIntervalSince1970: (Double(milliseconds) / 1000).rounded(.down)))
                let text = LocalTime.text(milliseconds: milliseconds, timeZone: timeZone, seconds: seconds)
                #expect(text == expected, "\(zone) \(milliseconds)")
            }
        }
    }
}
