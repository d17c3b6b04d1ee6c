/// The sex a norm table is split by (Dodds 2014 and EWGSOP2 give one set of figures per sex), and
/// FHIR's `Patient.gender` codes, which are the same two words.
public enum Sex: String, Codable, CaseIterable, Sendable {
    case female
    case male
}
