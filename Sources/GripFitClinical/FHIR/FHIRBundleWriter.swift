import Foundation
import GripFitCore
import GripFitOutput

/// Writes a FHIR R4 Bundle (type "collection") of Patients, Devices and one Observation per hand
/// of each assessment. Deterministic: the fullUrls are ``StableUUID``s of the ids and the keys come
/// in a fixed order, so the same input gives the same bytes. All text goes through ``JSONObject``,
/// which escapes it once, here.
public enum FHIRBundleWriter {
    static let subjectSystem = "urn:gripfit:subject"
    static let deviceSystem = "urn:gripfit:ble-address"
    static let trialSystem = "urn:gripfit:trial"
    static let loinc = "http://loinc.org"
    static let snomed = "http://snomed.info/sct"
    static let ucum = "http://unitsofmeasure.org"
    static let categorySystem = "http://terminology.hl7.org/CodeSystem/observation-category"

    public static func bundle(patients: [FHIRPatient], devices: [FHIRDevice], assessments: [FHIRAssessment]) throws -> String {
        var entries: [JSONObject] = []
        for patient in patients {
            entries.append(entry(patientURL(patient.code), try resource(patient)))
        }
        for device in devices {
            entries.append(entry(deviceURL(device.address), try resource(device)))
        }
        let subjects = Set(patients.map(\.code))
        let addresses = Set(devices.map(\.address))
        for assessment in assessments {
            try check(assessment, subjects: subjects, addresses: addresses)
            for result in assessment.hands {
                let url = "urn:uuid:" + StableUUID.make("observation:\(assessment.id):\(result.hand.rawValue)")
                entries.append(entry(url, observation(assessment, result, url: url)))
            }
        }
        var bundle = JSONObject()
        bundle.set("resourceType", "Bundle")
        bundle.set("type", "collection")
        bundle.set("entry", entries)
        return bundle.text
    }

    private static func patientURL(_ code: String) -> String { "urn:uuid:" + StableUUID.make("patient:" + code) }
    private static func deviceURL(_ address: String) -> String { "urn:uuid:" + StableUUID.make("device:" + address) }

    private static func entry(_ url: String, _ resource: JSONObject) -> JSONObject {
        var entry = JSONObject()
        entry.set("fullUrl", url)
        entry.set("resource", resource)
        return entry
    }

    private static func resource(_ patient: FHIRPatient) throws -> JSONObject {
        guard !patient.code.isEmpty else { throw FHIRInputError.emptyText(field: "a subject code") }
        var resource = JSONObject()
        resource.set("resourceType", "Patient")
        resource.set("id", StableUUID.make("patient:" + patient.code))
        resource.set("identifier", [identifier(subjectSystem, patient.code)])
        if let sex = patient.sex { resource.set("gender", sex.rawValue) }
        if let birthDate = patient.birthDate {
            guard let text = birthDate.text else { throw FHIRInputError.invalidBirthDate(subject: patient.code) }
            resource.set("birthDate", text)
        }
        return resource
    }

    private static func resource(_ device: FHIRDevice) throws -> JSONObject {
        guard !device.address.isEmpty else { throw FHIRInputError.emptyText(field: "a device's BLE address") }
        var resource = JSONObject()
        resource.set("resourceType", "Device")
        resource.set("id", StableUUID.make("device:" + device.address))
        resource.set("identifier", [identifier(deviceSystem, device.address)])
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

    private static func check(_ assessment: FHIRAssessment, subjects: Set<String>, addresses: Set<String>) throws {
        for (field, text) in [("an assessment id", assessment.id), ("a protocol name", assessment.protocolName),
            ("a statistic", assessment.statistic)] where text.isEmpty {
            throw FHIRInputError.emptyText(field: field)
        }
        guard subjects.contains(assessment.subjectCode) else {
            throw FHIRInputError.unknownSubject(assessment: assessment.id, subject: assessment.subjectCode)
        }
        guard addresses.contains(assessment.deviceAddress) else {
            throw FHIRInputError.unknownDevice(assessment: assessment.id, address: assessment.deviceAddress)
        }
        guard !assessment.hands.isEmpty else { throw FHIRInputError.noHands(assessment: assessment.id) }
        for value in assessment.hands.flatMap({ [$0.valueKg] + $0.trialsKg }) where !value.isFinite || value < 0 {
            throw FHIRInputError.invalidForce(assessment: assessment.id, value: value)
        }
    }

    private static func observation(_ assessment: FHIRAssessment, _ result: FHIRHandResult, url: String) -> JSONObject {
        let code = result.hand == .left
            ? coding(loinc, "83173-5", "Grip strength Hand - left Dynamometer")
            : coding(loinc, "83174-3", "Grip strength Hand - right Dynamometer")
        let site = result.hand == .left
            ? coding(snomed, "85151006", "Structure of left hand") : coding(snomed, "78791008", "Structure of right hand")
        var resource = JSONObject()
        resource.set("resourceType", "Observation")
        resource.set("id", String(url.dropFirst("urn:uuid:".count)))
        resource.set("status", "final")
        resource.set("category", [concept([coding(categorySystem, "exam", "Exam")])])
        resource.set("code", concept([code]))
        resource.set("subject", reference(patientURL(assessment.subjectCode)))
        resource.set("effectiveDateTime", dateTime(assessment.effective))
        resource.set("valueQuantity", quantity(result.valueKg))
        let notes = assessment.notes.filter { !$0.isEmpty }.map { text in
            var note = JSONObject()
            note.set("text", text)
            return note
        }
        if !notes.isEmpty { resource.set("note", notes) }
        resource.set("bodySite", concept([site]))
        var method = JSONObject()
        method.set("text", "\(assessment.protocolName); \(assessment.statistic)")
        resource.set("method", method)
        resource.set("device", reference(deviceURL(assessment.deviceAddress)))
        // Each trial has its own local code: obs-7 forbids a component coded as the Observation itself
        // while the Observation has a value (the best grip).
        let components = result.trialsKg.enumerated().map { index, kg in
            var trialCode = concept([coding(trialSystem, "trial-\(index + 1)", "Trial \(index + 1)")])
            trialCode.set("text", "Trial \(index + 1)")
            var component = JSONObject()
            component.set("code", trialCode)
            component.set("valueQuantity", quantity(kg))
            return component
        }
        if !components.isEmpty { resource.set("component", components) }
        return resource
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
        var quantity = JSONObject()
        quantity.set("value", (kg * 100).rounded() / 100)
        quantity.set("unit", "kgf")
        quantity.set("system", ucum)
        quantity.set("code", "kgf")
        return quantity
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
