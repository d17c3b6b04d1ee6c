import GripFitClinical
import Testing

@Suite struct SexTests {
    @Test func theWordsAreFHIRsAdministrativeGenderCodes() {
        #expect(Sex.allCases.map(\.rawValue) == ["female", "male"])
        #expect(Sex(rawValue: "other") == nil)
    }
}
