/// The validators' venv is not there: the message names the fix.
public struct FHIRValidatorMissing: Error, CustomStringConvertible {
    public let python: String

    public var description: String {
        "fhir.resources is not installed in \(python): run `make fhir-venv` (GRIPFIT_SKIP_FHIR=1 skips this)"
    }
}
