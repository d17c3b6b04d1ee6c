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
}
