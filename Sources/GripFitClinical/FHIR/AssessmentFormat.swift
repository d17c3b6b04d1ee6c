/// The file formats assessments are exported in, apart from the sessions' (a FHIR Bundle holds
/// assessments, never sessions): for a clinic's records, written only, never imported.
public enum AssessmentFormat: String, CaseIterable, Sendable {
    /// A FHIR R4 Bundle: a Patient per subject, a Device per GripFit, an Observation per hand.
    case fhir
}
