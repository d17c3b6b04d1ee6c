import Foundation
import GripFitClinical
import GripFitCore
import Testing

/// Issue 33: ids and identifiers were the same at every installation (hashes of `patient:S1`, the
/// system `urn:gripfit:subject`), Observations had no identifier, and a collection cannot be POSTed.
@Suite struct FHIRIdentityTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Every id, fullUrl, reference, identifier (system|value), identifier system and conditional
    /// request in a Bundle: what must differ between two clinics.
    private func names(_ value: Any, key: String? = nil, into names: inout Set<String>) {
        if let dictionary = value as? [String: Any] {
            for (key, child) in dictionary {
                if key == "identifier", let identifiers = child as? [[String: Any]] {
                    for identifier in identifiers {
                        names.insert("\(identifier["system"] ?? "")|\(identifier["value"] ?? "")")
                        names.insert("\(identifier["system"] ?? "")")
                    }
                }
                self.names(child, key: key, into: &names)
            }
        } else if let array = value as? [Any] {
            for child in array { self.names(child, key: key, into: &names) }
        } else if let text = value as? String, ["id", "fullUrl", "reference", "ifNoneExist"].contains(key) {
            names.insert(text)
        }
    }

    @Test(arguments: FHIRBundleType.allCases) func twoClinicsShareNoIdFullUrlOrIdentifier(type: FHIRBundleType) throws {
        // The same subject code, device and assessment name at both.
        var first = Set<String>()
        var second = Set<String>()
        names(try object(try FHIRFixtures.bundle(FHIRFixtures.full, type: type)), into: &first)
        names(try object(try FHIRFixtures.bundle(FHIRFixtures.full, identity: FHIRFixtures.otherClinic, type: type)), into: &second)
        #expect(first.count >= 14, "\(first)")
        #expect(first.isDisjoint(with: second), "shared: \(first.intersection(second))")
        // Only the codes are shared.
        let text = try FHIRFixtures.bundle(FHIRFixtures.full, identity: FHIRFixtures.otherClinic, type: type)
        let own = try FHIRFixtures.bundle(FHIRFixtures.full, type: type)
        #expect(text.contains("\"83173-5\"") && own.contains("\"83173-5\""))
    }

    @Test func everyObservationHasAnIdentifierStableAcrossExports() throws {
        let entries = try #require(try object(try FHIRFixtures.bundle(FHIRFixtures.full))["entry"] as? [[String: Any]])
        let observations = entries.compactMap { $0["resource"] as? [String: Any] }.filter { $0["resourceType"] as? String == "Observation" }
        #expect(observations.count == 2)
        for observation in observations {
            let identifier = try #require((observation["identifier"] as? [[String: Any]])?.first)
            #expect(identifier["system"] as? String == "urn:gripfit:site:\(FHIRFixtures.identity.site):observation")
            #expect(identifier["value"] as? String == observation["id"] as? String)
        }
        // Another export of the same assessment, with more beside it, names the same Observations.
        var more = FHIRFixtures.full
        more.assessments.append(FHIRFixtures.full.assessments[0])
        more.assessments[1].id = "assessment-9"
        let again = try FHIRFixtures.bundle(more)
        for observation in observations { #expect(again.contains("\"id\":\"\(observation["id"] as? String ?? "?")\"")) }
    }

    @Test func aTransactionIsConditionalCreatesOnEachIdentifierAndTheSameTwice() throws {
        let text = try FHIRFixtures.bundle(FHIRFixtures.full, type: .transaction)
        #expect(text == (try FHIRFixtures.bundle(FHIRFixtures.full, type: .transaction)))
        let bundle = try object(text)
        #expect(bundle["type"] as? String == "transaction")
        let entries = try #require(bundle["entry"] as? [[String: Any]])
        #expect(entries.count == 4)
        for entry in entries {
            let resource = try #require(entry["resource"] as? [String: Any])
            let request = try #require(entry["request"] as? [String: Any])
            let identifier = try #require((resource["identifier"] as? [[String: Any]])?.first)
            let system = try #require(identifier["system"] as? String)
            let value = try #require(identifier["value"] as? String)
            #expect(request["method"] as? String == "POST")
            #expect(request["url"] as? String == resource["resourceType"] as? String)
            #expect(request["ifNoneExist"] as? String == "identifier=\(system)|\(value)", "\(request)")
            #expect((entry["fullUrl"] as? String)?.hasPrefix("urn:uuid:") == true)
        }
        // A collection carries no request (bdl-3 forbids one there).
        #expect(!(try FHIRFixtures.bundle(FHIRFixtures.full)).contains("\"request\""))
    }

    @Test func aClinicNamesItsPatientIdentifierSystem() throws {
        let clinic = FHIRIdentity(site: FHIRFixtures.identity.site, patientSystem: "https://clinic.example/fhir/mrn")
        let text = try FHIRFixtures.bundle(FHIRFixtures.full, identity: clinic, type: .transaction)
        #expect(text.contains("\"identifier\":[{\"system\":\"https://clinic.example/fhir/mrn\",\"value\":\"S-047\"}]"))
        #expect(text.contains("\"ifNoneExist\":\"identifier=https://clinic.example/fhir/mrn|S-047\""))
        // A subject code a URL's query would misread is escaped (the validator decodes and compares it).
        #expect(try FHIRFixtures.bundle(FHIRFixtures.hostile, type: .transaction).contains("identifier=urn:gripfit:site:"))
    }
}
