import GripFitClinical
import GripFitDashboard
import Testing

/// The page's "new subject" form, checked with `subject add`'s rules: each refusal a 400 whose
/// sentence names the value and what to give.
struct SubjectFormTests {
    let today = Subject.Birth.Day(year: 2026, month: 11, day: 25)

    func subject(_ form: SubjectForm) throws -> Subject {
        try form.subject(today: try #require(today))
    }

    @Test func theFactsGivenBecomeTheSubjectAndEmptyOnesAreLeftOut() throws {
        let full = try subject(SubjectForm(code: "P017", sex: "female", birthDate: "1979-03-14", dominant: "left"))
        #expect(full.code == "P017")
        #expect(full.sex == .female)
        #expect(full.birth?.description == "1979-03-14")
        #expect(full.dominant == .left)
        let bare = try subject(SubjectForm(code: "K-2", sex: "", birthDate: "", birthYear: 1950, dominant: ""))
        #expect(bare.sex == nil && bare.dominant == nil)
        #expect(bare.birth == .year(1950))
    }

    @Test func eachFactThatCannotBeRightIsA400NamingIt() throws {
        func refusal(_ form: SubjectForm) throws -> DashboardError {
            try #require(throws: DashboardError.self) { try subject(form) }
        }
        let sex = try refusal(SubjectForm(code: "P1", sex: "other"))
        #expect(sex.status == .badRequest)
        #expect(sex.message == #"sex "other" is not female or male: choose one, or leave it empty."#)
        #expect(try refusal(SubjectForm(code: "P1", dominant: "both")).message.contains("left, right or ambidextrous"))
        let future = try refusal(SubjectForm(code: "P1", birthDate: "2030-01-01"))
        #expect(future.message == "Birth 2030-01-01 is after today (2026-11-25): check the year.")
        // Worded for the page's one birth field, not the CLI's options (issue 33).
        #expect(
            try refusal(SubjectForm(code: "P1", birthDate: "1979-02-30")).message == "Birth date '1979-02-30' is not a day of the "
                + "calendar: give it as YYYY-MM-DD (e.g. 1979-03-14), or the year alone (e.g. 1979)."
        )
        #expect(
            try refusal(SubjectForm(code: "P1", birthDate: "1979-03-14", birthYear: 1979)).message
                == "Give the birth date or the birth year, not both."
        )
        let code = try refusal(SubjectForm(code: "Jane Doe\u{1B}[2J"))
        #expect(code.status == .badRequest)
        #expect(code.message.hasPrefix(#"Subject code 'Jane Doe\x1B[2J' is not usable"#), "a terminal escape shown, not run")
    }
}
