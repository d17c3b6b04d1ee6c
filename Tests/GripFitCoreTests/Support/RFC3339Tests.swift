import GripFitCore
import Testing

struct RFC3339Tests {
    @Test func readsTheFormsItDocuments() {
        #expect(RFC3339.parse("2026-11-18T11:06:40.123Z") == 1_795_000_000_123)
        #expect(RFC3339.parse("2026-11-18t11:06:40.123z") == 1_795_000_000_123)
        #expect(RFC3339.parse("2026-11-18T11:06:40Z") == 1_795_000_000_000)
        #expect(RFC3339.parse("2026-11-18T12:06:40.1+01:00") == 1_795_000_000_100)
        #expect(RFC3339.parse("2026-11-18T11:06:40.123456789Z") == 1_795_000_000_123)
        #expect(RFC3339.parse("2026-11-18") == 1_794_960_000_000)
        #expect(RFC3339.format(milliseconds: 1_795_000_000_123) == "2026-11-18T11:06:40.123Z")
    }

    @Test func rejectsJunkLongFractionsAndImpossibleDates() {
        for text in [
            "", "yesterday", "2026-11-18T11:06:40.123Zjunk", "2026-11-18 11:06:40Z", "2026-11-18T11:06:40",
            "2026-11-18T11:06:40." + "Z", "2026-11-18T11:06:40." + String(repeating: "9", count: 10) + "Z",
            "2026-11-18T11:06:40." + String(repeating: "1", count: 100_000) + "Z", "2026-02-30", "2025-02-29",
            "2026-13-01", "2026-11-18T24:00:00Z", "2026-11-18T11:60:00Z", "2026-11-18T11:06:60Z", "+2026-11-18",
            "２０２６-11-18", "0000-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01", "2026-11-18T11:06:40+1:00",
        ] {
            #expect(RFC3339.parse(text) == nil, "\(text.prefix(40))")
        }
    }

    @Test func year0000AndTheEndsOfTheRangeRoundTrip() {
        for milliseconds in [RFC3339.range.lowerBound, RFC3339.range.upperBound, 0, -1, 951_782_400_000, -62_135_596_800_000] {
            #expect(RFC3339.parse(RFC3339.format(milliseconds: milliseconds)) == milliseconds)
        }
        #expect(RFC3339.format(milliseconds: RFC3339.range.lowerBound) == "0000-01-01T00:00:00.000Z")
        #expect(RFC3339.parse("0000-02-29") != nil)
        #expect(RFC3339.format(milliseconds: .min) == "0000-01-01T00:00:00.000Z")
        #expect(RFC3339.format(milliseconds: .max) == "9999-12-31T23:59:59.999Z")
    }

    @Test func agreesWithEveryDayOverFourCenturies() {
        var milliseconds: Int64 = -62_167_219_200_000
        while milliseconds < 253_402_300_799_999 {
            let text = RFC3339.format(milliseconds: milliseconds + 12_345_678)
            #expect(RFC3339.parse(text) == milliseconds + 12_345_678)
            milliseconds += 86_400_000 * 37
        }
    }

    /// A well-formed time that does not exist is named for what is wrong with it (issue 33); a
    /// malformed one, or a good one, has no such problem to name.
    @Test func namesTheFieldThatDoesNotExist() {
        #expect(RFC3339.problem("2026-02-30") == "February 2026 has 28 days")
        #expect(RFC3339.problem("2024-02-30T10:00:00Z") == "February 2024 has 29 days")
        #expect(RFC3339.problem("2026-04-31") == "April 2026 has 30 days")
        #expect(RFC3339.problem("2026-13-01") == "there is no month 13 (months are 01 to 12)")
        #expect(RFC3339.problem("2026-11-00") == "there is no day 00 (days start at 01)")
        #expect(RFC3339.problem("2026-11-01T24:00:00Z") == "there is no hour 24 (hours are 00 to 23)")
        #expect(RFC3339.problem("2026-11-01T08:60:00Z") == "there is no minute 60 (minutes are 00 to 59)")
        #expect(RFC3339.problem("2026-11-01T08:00:60Z") == "there is no second 60 (seconds are 00 to 59)")
        for text in ["2026-02-28", "2026-11-01T08:00:00Z", "yesterday", "2026-11-01junk", "2026-1-01"] {
            #expect(RFC3339.problem(text) == nil, "\(text)")
        }
    }
}
