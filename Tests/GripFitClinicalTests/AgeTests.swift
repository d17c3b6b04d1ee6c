import Foundation
import GripFitClinical
import Testing

@Suite struct AgeTests {
    let born = Subject.Birth.date(Subject.Birth.Day("1979-03-14")!)

    @Test func theAgeTurnsOnTheBirthday() {
        #expect(Age(birth: born, on: Subject.Birth.Day("2026-03-13")!).years == 46)
        #expect(Age(birth: born, on: Subject.Birth.Day("2026-03-14")!).years == 47)
        #expect(Age(birth: born, on: Subject.Birth.Day("2026-11-24")!).description == "47")
    }

    @Test func aLeapDayBirthTurnsOnMarchFirstInOtherYears() {
        let leap = Subject.Birth.date(Subject.Birth.Day("2000-02-29")!)
        #expect(Age(birth: leap, on: Subject.Birth.Day("2001-02-28")!).years == 0)
        #expect(Age(birth: leap, on: Subject.Birth.Day("2001-03-01")!).years == 1)
    }

    @Test func anAgeFromTheBirthYearSaysItIsApproximate() {
        let age = Age(birth: .year(1979), on: Subject.Birth.Day("2026-01-02")!)
        #expect(age.years == 47)
        #expect(age.approximate)
        #expect(age.description == "about 47 (birth year only: 46 or 47)")
    }

    @Test func theDayOfAnInstantIsTakenInTheGivenTimeZone() throws {
        // 2026-11-24 23:30 UTC is already the 25th in Berlin.
        let instant = Date(timeIntervalSince1970: 1_795_563_000)
        #expect(Subject.Birth.Day(instant, in: TimeZone(identifier: "UTC")!).description == "2026-11-24")
        #expect(Subject.Birth.Day(instant, in: try #require(TimeZone(identifier: "Europe/Berlin"))).description == "2026-11-25")
    }

    @Test func theExactAgeIsDaysSinceBirthOverTheMeanYear() throws {
        // 1979-03-14 to 2026-11-24: 17 422 days.
        let age = Age(birth: born, on: try #require(Subject.Birth.Day("2026-11-24")))
        #expect(abs(age.exactYears - 17_422 / 365.2425) < 1e-9 && !age.approximate)
        let day = try #require(Subject.Birth.Day("2026-03-14"))
        #expect(abs(Age(birth: born, on: day).exactYears - 47.0) < 0.01)
        #expect(Age(birth: born, on: try #require(Subject.Birth.Day("1979-03-14"))).exactYears == 0)
        // The leap day of 2000 and its absence in 1900 count as days.
        let leap = try #require(Subject.Birth.Day("2000-03-01")).dayNumber - (try #require(Subject.Birth.Day("2000-02-28"))).dayNumber
        let common = try #require(Subject.Birth.Day("1900-03-01")).dayNumber - (try #require(Subject.Birth.Day("1900-02-28"))).dayNumber
        #expect(leap == 2 && common == 1)
    }

    @Test func aBirthYearAloneIsTakenFromMidYearAndNeverBelowZero() throws {
        let age = Age(birth: .year(1979), on: try #require(Subject.Birth.Day("1980-07-01")))
        #expect(age.exactYears == 366 / 365.2425 && age.approximate)
        let newborn = Age(birth: .year(2026), on: try #require(Subject.Birth.Day("2026-03-01")))
        #expect(newborn.years == 0 && newborn.exactYears == 0)
        #expect(newborn.description == "under 1 (birth year only)")
    }

    @Test func theBandIsFiveYearsWideAndOnlyForRealAges() {
        #expect(Age.band(47.4) == "45–49" && Age.band(50) == "50–54" && Age.band(0) == "0–4")
        #expect(Age.band(.nan) == nil && Age.band(-1) == nil && Age.band(1e300) == nil)
    }
}
