import Foundation
import GripFitCore
import GripFitRecords

/// An audit trail as FHIR R4 AuditEvents in a `collection` Bundle, shaped after IHE's Basic Audit
/// Log Patterns (BALP): a read, query, create, update or delete of a patient's data is a RESTful
/// interaction (type `rest`, subtype from `restful-interaction`) with BALP's patient profile; an
/// export, import or login is DICOM's event (110106, 110107, 110114). The subject is the patient
/// entity, identified by the trail's keyed digest (never the code); each entry's number and hash
/// ride in an entity of the trail itself, so the chain can be checked from the export.
public enum FHIRAuditBundle {
    /// The Bundle's JSON; `site` is the history's site identity (``SessionHistory/siteIdentity()``).
    public static func json(_ entries: [AuditEntry], site: String) throws -> Data {
        let bundle: [String: Any] = [
            "resourceType": "Bundle",
            "id": "audit-\(site)",
            "type": "collection",
            "entry": entries.map { entry -> [String: Any] in
                ["fullUrl": "urn:uuid:\(uuid(site: site, sequence: entry.sequence))", "resource": event(entry, site: site)]
            },
        ]
        return try JSONSerialization.data(withJSONObject: bundle, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    static let balp = "https://profiles.ihe.net/ITI/BALP/StructureDefinition/IHE.BasicAudit."
    static let dicom = "http://dicom.nema.org/resources/ontology/DCM"

    /// The event type, subtype and BALP profile of an action.
    static func kind(_ action: AuditAction?) -> (type: [String: String], subtype: [String: String]?, profile: String?) {
        let rest = ["system": "http://terminology.hl7.org/CodeSystem/audit-event-type", "code": "rest", "display": "Restful Operation"]
        func interaction(_ code: String) -> [String: String] { ["system": "http://hl7.org/fhir/restful-interaction", "code": code] }
        switch action {
        case .show, .plot, .report, .view: return (rest, interaction("read"), balp + "PatientRead")
        case .history: return (rest, interaction("search-type"), balp + "PatientQuery")
        case .subjectAdd, .record: return (rest, interaction("create"), balp + "PatientCreate")
        case .subjectEdit, .calibrate, .sync, .copy: return (rest, interaction("update"), balp + "PatientUpdate")
        case .subjectForget: return (rest, interaction("delete"), balp + "PatientDelete")
        case .export: return (["system": dicom, "code": "110106", "display": "Export"], nil, nil)
        case .import: return (["system": dicom, "code": "110107", "display": "Import"], nil, nil)
        case .login:
            let login = ["system": dicom, "code": "110122", "display": "Login"]
            return (["system": dicom, "code": "110114", "display": "User Authentication"], login, nil)
        case .tokenAdd, .tokenRevoke:
            return (["system": dicom, "code": "110136", "display": "Security Roles Changed"], nil, nil)
        case nil: return (rest, nil, nil)
        }
    }

    static func event(_ entry: AuditEntry, site: String) -> [String: Any] {
        let action = AuditAction(rawValue: entry.action)
        let shape = Self.kind(action)
        var event: [String: Any] = [
            "resourceType": "AuditEvent",
            "id": uuid(site: site, sequence: entry.sequence),
            "type": shape.type,
            "action": action?.crud ?? "E",
            "recorded": Timestamp.rfc3339(milliseconds: entry.atMilliseconds),
            // FHIR's outcome codes: 0 success, 8 serious failure.
            "outcome": entry.outcome == "ok" ? "0" : "8",
            "agent": [
                [
                    "type": ["coding": [["system": "http://terminology.hl7.org/CodeSystem/v3-ParticipationType", "code": "IRCP"]]],
                    "who": ["display": entry.actor.name],
                    "role": [["text": entry.actor.role]],
                    "requestor": true,
                ] as [String: Any]
            ],
            "source": [
                "site": entry.actor.station,
                "observer": ["display": "gripfit-serial at \(entry.actor.station)"],
                "type": [
                    ["system": "http://terminology.hl7.org/CodeSystem/security-source-type", "code": "4", "display": "Application Server"]
                ],
            ] as [String: Any],
            "entity": entities(entry, site: site),
        ]
        if entry.outcome != "ok" { event["outcomeDesc"] = entry.outcome }
        if let subtype = shape.subtype { event["subtype"] = [subtype] }
        if let profile = shape.profile, !entry.subjects.isEmpty { event["meta"] = ["profile": [profile]] }
        return event
    }

    static func entities(_ entry: AuditEntry, site: String) -> [[String: Any]] {
        let objectType = "http://terminology.hl7.org/CodeSystem/audit-entity-type"
        let objectRole = "http://terminology.hl7.org/CodeSystem/object-role"
        var entities: [[String: Any]] = entry.subjects.map { digest -> [String: Any] in
            [
                "what": ["identifier": ["system": "urn:gripfit:\(site):subject-digest", "value": digest]],
                "type": ["system": objectType, "code": "1", "display": "Person"],
                "role": ["system": objectRole, "code": "1", "display": "Patient"],
            ]
        }
        for name in entry.sessions + entry.assessments {
            entities.append([
                "what": ["identifier": ["system": "urn:gripfit:\(site):record", "value": name]],
                "type": ["system": objectType, "code": "2", "display": "System Object"],
            ])
        }
        var trail: [String: Any] = [
            "what": ["identifier": ["system": "urn:gripfit:\(site):audit", "value": String(entry.sequence)]],
            "type": ["system": objectType, "code": "2", "display": "System Object"],
            "detail": [
                ["type": "previous", "valueString": entry.previous], ["type": "hash", "valueString": entry.hash],
            ] as [[String: String]],
        ]
        if !entry.detail.isEmpty { trail["description"] = entry.detail }
        entities.append(trail)
        return entities
    }

    /// A stable UUID for the entry: its site and number, hashed, as version 4's layout.
    static func uuid(site: String, sequence: Int64) -> String {
        var bytes = Array(GripFitCore.SHA256.hash(Array("\(site)/audit/\(sequence)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = GripFitCore.SHA256.hexadecimal(bytes)
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4)]
        return (parts + [hex.dropFirst(20)]).joined(separator: "-")
    }
}
