import Foundation
import GripFitCore
import GripFitOutput

/// Writes a FHIR R4 Bundle of Patients, Devices and one Observation per hand of each assessment,
/// as a `collection` or a `transaction` (``FHIRBundleType``). Every id, fullUrl and identifier
/// system comes from ``FHIRIdentity`` (the clinic's site identity), and every resource carries an
/// identifier, so a transaction's conditional creates find what an earlier one made. Deterministic:
/// the same input gives the same bytes. All text goes through ``JSONObject``, which escapes it once, here.
/// The document is written by ``FHIRBundleEncoder``: the patients and devices first, then each assessment's Observations.
public enum FHIRBundleWriter {
    static let trialSystem = "urn:gripfit:trial"
    static let figureSystem = "urn:gripfit:figure"
    static let loinc = "http://loinc.org"
    static let snomed = "http://snomed.info/sct"
    static let ucum = "http://unitsofmeasure.org"
    static let categorySystem = "http://terminology.hl7.org/CodeSystem/observation-category"

    public static func bundle(
        patients: [FHIRPatient],
        devices: [FHIRDevice],
        assessments: [FHIRAssessment],
        identity: FHIRIdentity,
        type: FHIRBundleType = .collection
    ) throws -> String {
        var encoder = FHIRBundleEncoder(patients: patients, devices: devices, identity: identity, type: type)
        var bytes: [UInt8] = []
        try encoder.begin(into: &bytes)
        for assessment in assessments { try encoder.add(assessment, into: &bytes) }
        encoder.finish(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A subject's Patient, as the Bundle's entry.
    static func entry(_ patient: FHIRPatient, _ identity: FHIRIdentity, _ type: FHIRBundleType) throws(FHIRInputError) -> JSONObject {
        let resource = try resource(patient, identity)
        return entry(patientURL(patient.code, identity), resource, "Patient", (identity.patientSystem, patient.code), type)
    }

    /// A GripFit's Device, as the Bundle's entry.
    static func entry(_ device: FHIRDevice, _ identity: FHIRIdentity, _ type: FHIRBundleType) throws(FHIRInputError) -> JSONObject {
        let resource = try resource(device, identity)
        return entry(deviceURL(device.address, identity), resource, "Device", (identity.deviceSystem, device.address), type)
    }

    /// An assessment's Observations, one per hand, as the Bundle's entries; its subject and device must
    /// be among the Bundle's (`subjects`, `addresses`).
    static func entries(
        _ assessment: FHIRAssessment,
        subjects: Set<String>,
        addresses: Set<String>,
        _ identity: FHIRIdentity,
        _ type: FHIRBundleType
    ) throws(FHIRInputError) -> [JSONObject] {
        try check(assessment, subjects: subjects, addresses: addresses)
        // The assessment's own lines (the norm and EWGSOP2 read the best grip of either hand) go
        // once, on the Observation of the hand that gave it; each hand keeps its own notes.
        let best = assessment.hands.indices.max { assessment.hands[$0].valueKg < assessment.hands[$1].valueKg }
        return assessment.hands.enumerated().map { index, result in
            let uuid = identity.observationUUID(assessment: assessment.id, hand: result.hand)
            let notes = (index == best ? assessment.notes : []) + result.notes
            let resource = observation(assessment, result, uuid: uuid, notes: notes, identity)
            return entry("urn:uuid:" + uuid, resource, "Observation", (identity.observationSystem, uuid), type)
        }
    }

    private static func patientURL(_ code: String, _ identity: FHIRIdentity) -> String { "urn:uuid:" + identity.patientUUID(code) }
    private static func deviceURL(_ address: String, _ identity: FHIRIdentity) -> String {
        "urn:uuid:" + identity.deviceUUID(address)
    }

    /// In a transaction, a conditional create: the server makes the resource only when none has its
    /// identifier yet, and resolves the entry's `urn:uuid` references to whichever it holds.
    private static func entry(
        _ url: String,
        _ resource: JSONObject,
        _ resourceType: String,
        _ identifier: (system: String, value: String),
        _ type: FHIRBundleType
    ) -> JSONObject {
        var entry = JSONObject()
        entry.set("fullUrl", url)
        entry.set("resource", resource)
        if type == .transaction {
            var call = JSONObject()
            call.set("method", "POST")
            call.set("url", resourceType)
            call.set("ifNoneExist", "identifier=" + query(identifier.system) + "|" + query(identifier.value))
            entry.set("request", call)
        }
        return entry
    }

    private static let queryAllowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/")

    /// A search parameter's value, percent-encoded where a URL's query would misread it (`|` too, as
    /// FHIR's token search escapes it, and `,` and `$` likewise with a backslash first).
    static func query(_ text: String) -> String {
        let escaped = text.reduce(into: "") { result, character in
            if character == "|" || character == "," || character == "$" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return escaped.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? escaped
    }

    private static func resource(_ patient: FHIRPatient, _ identity: FHIRIdentity) throws(FHIRInputError) -> JSONObject {
        guard !patient.code.isEmpty else { throw FHIRInputError.emptyText(field: "a subject code") }
        var resource = JSONObject()
        resource.set("resourceType", "Patient")
        resource.set("id", identity.patientUUID(patient.code))
        resource.set("identifier", [identifier(identity.patientSystem, patient.code)])
        if let sex = patient.sex { resource.set("gender", sex.rawValue) }
        if let birthDate = patient.birthDate {
            guard let text = birthDate.text else { throw FHIRInputError.invalidBirthDate(subject: patient.code) }
            resource.set("birthDate", text)
        }
        return resource
    }

    private static func resource(_ device: FHIRDevice, _ identity: FHIRIdentity) throws(FHIRInputError) -> JSONObject {
        guard !device.address.isEmpty else { throw FHIRInputError.emptyText(field: "a device's BLE address") }
        var resource = JSONObject()
        resource.set("resourceType", "Device")
        resource.set("id", identity.deviceUUID(device.address))
        resource.set("identifier", [identifier(identity.deviceSystem, device.address)])
        if let manufacturer = device.manufacturer, !manufacturer.isEmpty { resource.set("manufacturer", manufacturer) }
        if let model = device.model, !model.isEmpty {
            var name = JSONObject()
            name.set("name", model)
            name.set("type", "model-name")
            resource.set("deviceName", [name])
        }
        if let firmware = device.firmware, !firmware.isEmpty {
            var type = JSONObject()
            type.set("text", "firmware")
            var version = JSONObject()
            version.set("type", type)
            version.set("value", firmware)
            resource.set("version", [version])
        }
        return resource
    }

    private static func check(_ assessment: FHIRAssessment, subjects: Set<String>, addresses: Set<String>) throws(FHIRInputError) {
        for (field, text) in [
            ("an assessment id", assessment.id), ("a protocol name", assessment.protocolName),
            ("a statistic", assessment.statistic),
        ] where text.isEmpty {
            throw FHIRInputError.emptyText(field: field)
        }
        guard subjects.contains(assessment.subjectCode) else {
            throw FHIRInputError.unknownSubject(assessment: assessment.id, subject: assessment.subjectCode)
        }
        guard addresses.contains(assessment.deviceAddress) else {
            throw FHIRInputError.unknownDevice(assessment: assessment.id, address: assessment.deviceAddress)
        }
        guard !assessment.hands.isEmpty else { throw FHIRInputError.noHands(assessment: assessment.id) }
        for value in assessment.hands.flatMap({ [$0.valueKg] + $0.trials.map(\.kg) }) where !value.isFinite || value < 0 {
            throw FHIRInputError.invalidForce(assessment: assessment.id, value: value)
        }
    }

    private static func observation(
        _ assessment: FHIRAssessment,
        _ result: FHIRHandResult,
        uuid: String,
        notes texts: [String],
        _ identity: FHIRIdentity
    ) -> JSONObject {
        let code =
            result.hand == .left
            ? coding(loinc, "83173-5", "Grip strength Hand - left Dynamometer")
            : coding(loinc, "83174-3", "Grip strength Hand - right Dynamometer")
        let site =
            result.hand == .left
            ? coding(snomed, "85151006", "Structure of left hand") : coding(snomed, "78791008", "Structure of right hand")
        var resource = JSONObject()
        resource.set("resourceType", "Observation")
        resource.set("id", uuid)
        resource.set("identifier", [identifier(identity.observationSystem, uuid)])
        resource.set("status", "final")
        resource.set("category", [concept([coding(categorySystem, "exam", "Exam")])])
        resource.set("code", concept([code]))
        resource.set("subject", reference(patientURL(assessment.subjectCode, identity)))
        resource.set("effectiveDateTime", dateTime(assessment.effective))
        resource.set("valueQuantity", quantity(result.valueKg))
        let notes = texts.filter { !$0.isEmpty }.map { text in
            var note = JSONObject()
            note.set("text", text)
            return note
        }
        if !notes.isEmpty { resource.set("note", notes) }
        resource.set("bodySite", concept([site]))
        var method = JSONObject()
        method.set("text", "\(assessment.protocolName); \(assessment.statistic)")
        resource.set("method", method)
        resource.set("device", reference(deviceURL(assessment.deviceAddress, identity)))
        // Each trial has its own local code: obs-7 forbids a component coded as the Observation itself
        // while the Observation has a value (the best grip).
        let components = result.trials.map { trial in
            var trialCode = concept([coding(trialSystem, "trial-\(trial.number)", "Trial \(trial.number)")])
            trialCode.set("text", "Trial \(trial.number)")
            var component = JSONObject()
            component.set("code", trialCode)
            component.set("valueQuantity", quantity(trial.kg))
            return component
        }
        let measured = result.trials.flatMap { trial in
            TrialMeasureField.allCases.flatMap { field in
                trial.measures.map { [measureComponent(field, of: $0, trial: trial.number)] } ?? []
            }
        }
        let all = components + result.figures.map(component) + measured
        if !all.isEmpty { resource.set("component", all) }
        return resource
    }

    /// A trial's force–time measure as a component after the trials' peaks: its local code
    /// (`trial-2-time-to-peak`), its value in UCUM units (s, kgf, kgf/s, kgf.s, %), or a
    /// dataAbsentReason with the reason when the trace cannot give it (a link gap).
    private static func measureComponent(_ field: TrialMeasureField, of measures: TrialMeasures, trial: Int) -> JSONObject {
        let name = "Trial \(trial) \(field == .peakRFD ? "peak RFD over \(Int((measures.rfdWindow * 1000).rounded())) ms" : field.label)"
        var code = concept([coding(trialSystem, "trial-\(trial)-" + field.rawValue.replacingOccurrences(of: "_", with: "-"), name)])
        code.set("text", name)
        var component = JSONObject()
        component.set("code", code)
        switch field.measure(measures) {
        case .value(let value):
            let unit =
                switch field.kind {
                case .seconds: "s"
                case .force: "kgf"
                case .rate: "kgf/s"
                case .impulse: "kgf.s"
                case .percent: "%"
                }
            var quantity = JSONObject()
            quantity.set("value", (value * 1000).rounded() / 1000)
            quantity.set("unit", unit)
            quantity.set("system", ucum)
            quantity.set("code", unit)
            component.set("valueQuantity", quantity)
        case .unavailable(let reason):
            var absent = concept([coding("http://terminology.hl7.org/CodeSystem/data-absent-reason", "unknown", "Unknown")])
            absent.set("text", reason)
            component.set("dataAbsentReason", absent)
        }
        return component
    }

    private static func identifier(_ system: String, _ value: String) -> JSONObject {
        var identifier = JSONObject()
        identifier.set("system", system)
        identifier.set("value", value)
        return identifier
    }

    private static func coding(_ system: String, _ code: String, _ display: String) -> JSONObject {
        var coding = JSONObject()
        coding.set("system", system)
        coding.set("code", code)
        coding.set("display", display)
        return coding
    }

    private static func concept(_ codings: [JSONObject]) -> JSONObject {
        var concept = JSONObject()
        concept.set("coding", codings)
        return concept
    }

    private static func reference(_ url: String) -> JSONObject {
        var reference = JSONObject()
        reference.set("reference", url)
        return reference
    }

    /// kgf to 0.01, so a float's noise (28.299999) never reaches the record.
    private static func quantity(_ kg: Double) -> JSONObject {
        quantity(kg, ucum: "kgf")
    }

    /// `value` in the UCUM unit `code`, to 0.01.
    private static func quantity(_ value: Double, ucum code: String) -> JSONObject {
        var quantity = JSONObject()
        quantity.set("value", (value * 100).rounded() / 100)
        quantity.set("unit", code)
        quantity.set("system", ucum)
        quantity.set("code", code)
        return quantity
    }

    /// A protocol figure with its own local code; without a number, the text that says why.
    private static func component(_ figure: FHIRFigure) -> JSONObject {
        var code = concept([coding(figureSystem, figure.code, figure.display)])
        code.set("text", figure.display)
        var component = JSONObject()
        component.set("code", code)
        if let value = figure.value {
            component.set("valueQuantity", quantity(value, ucum: figure.ucum))
        } else {
            component.set("valueString", figure.missing ?? "no value")
        }
        return component
    }

    /// UTC to the second, with its zone, as FHIR's dateTime requires once a time is given.
    private static func dateTime(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let fields = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map { $0 ?? 0 }
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", fields[0], fields[1], fields[2], fields[3], fields[4], fields[5])
    }
}
