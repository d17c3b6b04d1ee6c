import GripFitCore

/// Every id, fullUrl and identifier system of a Bundle, scoped by the clinic's site identity (a
/// UUID its history made once, shared by its stations): two clinics' subject `S1`, or their
/// assessment `A1`, never share an id or an identifier in an EHR, while one clinic's exports keep
/// theirs from one export to the next. Only LOINC, SNOMED CT, UCUM and the trial codes are shared.
public struct FHIRIdentity: Sendable, Equatable {
    /// The site identity, a UUID.
    public let site: String
    /// The system the Patient identifier (the subject code) belongs to: the clinic's own (its MRN
    /// system, `patient-identifier-system` in config.toml), else one of this site's.
    public let patientSystem: String

    public init(site: String, patientSystem: String? = nil) {
        self.site = site
        self.patientSystem = patientSystem ?? "urn:gripfit:site:\(site):subject"
    }

    /// The Device identifier's system: the BLE address is the value.
    var deviceSystem: String { "urn:gripfit:site:\(site):ble-address" }
    /// The Observation identifier's system: the Observation's UUID is the value.
    var observationSystem: String { "urn:gripfit:site:\(site):observation" }

    func patientUUID(_ code: String) -> String { uuid("patient:" + code) }
    func deviceUUID(_ address: String) -> String { uuid("device:" + address) }

    /// One hand's Observation: the one place its name is made, from the assessment's id
    /// (``FHIRAssessment/id``, today the history's local name `A<n>`) and the hand. Its UUID is the
    /// Observation's id, fullUrl and identifier value, so an export repeated gives the same ones and
    /// a re-import updates rather than duplicates.
    func observationUUID(assessment: String, hand: Hand) -> String {
        uuid("observation:\(assessment):\(hand.rawValue)")
    }

    private func uuid(_ name: String) -> String { StableUUID.make(site + ":" + name) }
}
