import Foundation
import GripFitClinical
import GripFitOutput

/// The page's "new subject" form as it posts it: `subject add`'s facts, as text, checked here with
/// the same rules (``Subject``'s, and ``Subject/Birth/parse(date:year:today:)``'s), so the page
/// shows the server's message for a fact that cannot be right.
public struct SubjectForm: Decodable, Sendable {
    public var code: String
    public var sex: String?
    public var birthDate: String?
    public var birthYear: Int?
    public var dominant: String?

    enum CodingKeys: String, CodingKey {
        case code, sex, dominant
        case birthDate = "birth_date"
        case birthYear = "birth_year"
    }

    public init(code: String, sex: String? = nil, birthDate: String? = nil, birthYear: Int? = nil, dominant: String? = nil) {
        self.code = code
        self.sex = sex
        self.birthDate = birthDate
        self.birthYear = birthYear
        self.dominant = dominant
    }

    /// The subject the form describes, a birth checked against `today`; 400 naming the fact otherwise.
    /// Empty fields are facts not given, as the form leaves them.
    public func subject(today: Subject.Birth.Day) throws(DashboardError) -> Subject {
        func given(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
        var chosenSex: Sex?
        if let text = given(sex) {
            guard let sex = Sex(rawValue: text) else {
                throw DashboardError(.badRequest, "sex \(text.debugDescription) is not female or male: choose one, or leave it empty.")
            }
            chosenSex = sex
        }
        var chosenHand: Subject.Dominance?
        if let text = given(dominant) {
            guard let dominant = Subject.Dominance(rawValue: text) else {
                throw DashboardError(
                    .badRequest,
                    "dominant hand \(text.debugDescription) is not left, right or ambidextrous: choose one, or leave it empty."
                )
            }
            chosenHand = dominant
        }
        do throws(SubjectError) {
            let birth = try Subject.Birth.parse(date: given(birthDate), year: birthYear, today: today)
            return try Subject(code: code, sex: chosenSex, birth: birth, dominant: chosenHand)
        } catch {
            throw DashboardError(.badRequest, Self.sentence(Self.pageWords(error)))
        }
    }

    /// The page's one "Birth date or year" field, not `--birth-date` and `--birth-year`.
    static func pageWords(_ error: SubjectError) -> String {
        switch error {
        case .badBirthDate(let text):
            "birth date '\(UntrustedText.escaped(text))' is not a day of the calendar: give it as YYYY-MM-DD (e.g. 1979-03-14), "
                + "or the year alone (e.g. 1979)"
        case .twoBirths: "give the birth date or the birth year, not both"
        default: error.description
        }
    }

    /// ``SubjectError``'s words are a clause for the CLI's "error: …"; the page shows a sentence.
    static func sentence(_ clause: String) -> String {
        (clause.first.map { $0.uppercased() + clause.dropFirst() } ?? clause) + "."
    }
}
