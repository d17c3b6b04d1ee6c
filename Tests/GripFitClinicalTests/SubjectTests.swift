import GripFitClinical
import Testing

@Suite struct SubjectTests {
    let today = Subject.Birth.Day(year: 2026, month: 11, day: 24)!

    @Test func aFullSubjectIsKeptAsGiven() throws {
        let subject = try Subject(
            code: "P-017_a.b",
            sex: .female,
            birth: .date(Subject.Birth.Day("1979-03-14")!),
            dominant: .right,
            heightCentimetres: 168,
            weightKilograms: 64.5,
            note: "post-op week 6"
        )
        #expect(subject.code == "P-017_a.b")
        #expect(subject.age(on: today) == Age(birth: .date(Subject.Birth.Day("1979-03-14")!), on: today))
        #expect(subject.age(on: today)?.years == 47)
        #expect(subject.dominant?.hand == .right)
    }

    @Test(arguments: ["", String(repeating: "a", count: 33), "Anna Smith", "a/b", "é", "x\u{1b}[2J", ".", "..", "-P1", "_x", ".hidden"])
    func codesOutsideTheAlphabetAreRefusedNamingTheValue(code: String) {
        #expect(throws: SubjectError.badCode(code)) { try Subject(code: code) }
    }

    @Test func aCodeOf32CharactersIsAccepted() throws {
        #expect(try Subject(code: String(repeating: "Z", count: 32)).code.count == 32)
    }

    @Test func theCodeMessageNamesTheValueEscapedAndTheFix() {
        let message = SubjectError.badCode("a\u{1b}b").description
        #expect(message.contains("'a\\x1Bb'"))
        #expect(message.contains("1 to 32 letters, digits"))
    }

    @Test(arguments: ["1979-02-29", "2024-13-01", "2024-04-31", "1979-3-14", "79-03-14", "1979/03/14", "1979-03-14x", "0000-01-01"])
    func daysThatDoNotExistDoNotParse(text: String) {
        #expect(Subject.Birth.Day(text) == nil)
    }

    @Test func leapDaysExistOnlyInLeapYears() {
        #expect(Subject.Birth.Day("2024-02-29") != nil)
        #expect(Subject.Birth.Day("2000-02-29") != nil)
        #expect(Subject.Birth.Day("1900-02-29") == nil)
    }

    @Test func birthsAfterTodayAreRefused() throws {
        #expect(throws: SubjectError.futureBirth("2026-11-25", today: today)) {
            try Subject.Birth.parse(date: "2026-11-25", year: nil, today: today)
        }
        #expect(throws: SubjectError.futureBirth("2027", today: today)) { try Subject.Birth.parse(date: nil, year: 2027, today: today) }
        #expect(try Subject.Birth.parse(date: "2026-11-24", year: nil, today: today) == .date(today))
    }

    @Test func birthsOlderThanAnyoneAreRefused() throws {
        #expect(throws: SubjectError.tooOld("1900", oldest: 125)) { try Subject.Birth.parse(date: nil, year: 1900, today: today) }
        #expect(try Subject.Birth.parse(date: nil, year: 1901, today: today) == .year(1901))
    }

    @Test func aBirthIsADayOfTheCalendarGivenOnce() throws {
        #expect(throws: SubjectError.badBirthDate("1979-02-29")) { try Subject.Birth.parse(date: "1979-02-29", year: nil, today: today) }
        #expect(throws: SubjectError.twoBirths) { try Subject.Birth.parse(date: "1979-03-14", year: 1979, today: today) }
        #expect(try Subject.Birth.parse(date: nil, year: nil, today: today) == nil)
    }

    @Test(arguments: [29.9, 272.1, -170, .nan, .infinity])
    func heightsOutsideHumanOnesAreRefused(height: Double) {
        #expect(throws: SubjectError.self) { try Subject(code: "a", heightCentimetres: height) }
    }

    @Test func heightAndWeightBoundsAreAccepted() throws {
        _ = try Subject(code: "a", heightCentimetres: 30, weightKilograms: 1)
        _ = try Subject(code: "a", heightCentimetres: 272, weightKilograms: 650)
        #expect(throws: SubjectError.badWeight(650.5)) { try Subject(code: "a", weightKilograms: 650.5) }
        #expect(throws: SubjectError.badWeight(0)) { try Subject(code: "a", weightKilograms: 0) }
    }

    @Test func messagesNameTheValueAndTheFix() {
        #expect(
            SubjectError.badHeight(1680).description
                == "height 1680.0 cm is not a human height: give centimetres from 30 to 272 (e.g. 168)"
        )
        #expect(SubjectError.futureBirth("2030", today: today).description == "birth 2030 is after today (2026-11-24): check the year")
    }

    @Test func aLongNoteIsRefused() {
        #expect(throws: SubjectError.noteTooLong(501)) { try Subject(code: "a", note: String(repeating: "n", count: 501)) }
    }

    @Test func birthsRoundTripThroughTheirStoredText() {
        #expect(Subject.Birth(stored: "1979-03-14") == .date(Subject.Birth.Day(year: 1979, month: 3, day: 14)!))
        #expect(Subject.Birth(stored: "1979") == .year(1979))
        #expect(Subject.Birth(stored: "197") == nil)
        #expect(Subject.Birth.year(1979).description == "1979")
    }

    @Test func theDominantHandOfAnAmbidextrousSubjectIsNone() {
        #expect(Subject.Dominance.ambidextrous.hand == nil)
        #expect(Subject.Dominance.left.hand == .left)
    }
}
