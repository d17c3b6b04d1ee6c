/// A subject as a FHIR Patient: the pseudonymous code the user chose is the identifier, and there
/// is no name, because GripFit never stores one.
public struct FHIRPatient: Sendable, Equatable {
    public var code: String
    public var sex: Sex?
    public var birthDate: FHIRBirthDate?

    public init(code: String, sex: Sex?, birthDate: FHIRBirthDate?) {
        self.code = code
        self.sex = sex
        self.birthDate = birthDate
    }
}
