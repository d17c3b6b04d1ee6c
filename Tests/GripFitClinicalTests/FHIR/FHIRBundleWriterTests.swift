import Foundation
import GripFitClinical
import GripFitCore
import Testing

@Suite struct FHIRBundleWriterTests {
    private func decode(_ text: String) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["resourceType"] as? String == "Bundle")
        #expect(object["type"] as? String == "collection")
        let entries = try #require(object["entry"] as? [[String: Any]])
        return entries
    }

    @Test func aFullAssessmentGivesAPatientADeviceAndAnObservationPerHand() throws {
        let entries = try decode(try FHIRFixtures.bundle(FHIRFixtures.full))
        let resources = entries.compactMap { $0["resource"] as? [String: Any] }
        #expect(resources.map { $0["resourceType"] as? String } == ["Patient", "Device", "Observation", "Observation"])
        let patientURL = try #require(entries[0]["fullUrl"] as? String)
        let deviceURL = try #require(entries[1]["fullUrl"] as? String)
        #expect(patientURL.hasPrefix("urn:uuid:") && patientURL.count == 45)
        let patient = resources[0]
        #expect(patient["name"] == nil)
        #expect(patient["gender"] as? String == "female" && patient["birthDate"] as? String == "1959-03-14")
        let identifier = try #require((patient["identifier"] as? [[String: Any]])?.first)
        #expect(identifier["system"] as? String == FHIRFixtures.identity.patientSystem && identifier["value"] as? String == "S-047")
        #expect(FHIRFixtures.identity.patientSystem == "urn:gripfit:site:0b7e5a4c-2f1d-4c3b-9a8e-1d2c3b4a5f60:subject")
        let device = resources[1]
        #expect((device["identifier"] as? [[String: Any]])?.first?["value"] as? String == "C4:DE:E2:01:02:03")
        #expect((device["version"] as? [[String: Any]])?.first?["value"] as? String == "1.4.2")

        let left = resources[2]
        #expect(left["status"] as? String == "final")
        let code = try #require(((left["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first)
        #expect(code["system"] as? String == "http://loinc.org" && code["code"] as? String == "83173-5")
        let site = ((left["bodySite"] as? [String: Any])?["coding"] as? [[String: Any]])?.first
        #expect(site?["code"] as? String == "85151006" && site?["system"] as? String == "http://snomed.info/sct")
        let category = ((left["category"] as? [[String: Any]])?.first?["coding"] as? [[String: Any]])?.first
        #expect(category?["code"] as? String == "exam")
        let value = try #require(left["valueQuantity"] as? [String: Any])
        #expect(value["value"] as? Double == 28.3 && value["unit"] as? String == "kgf" && value["code"] as? String == "kgf")
        #expect(value["system"] as? String == "http://unitsofmeasure.org")
        #expect((left["subject"] as? [String: Any])?["reference"] as? String == patientURL)
        #expect((left["device"] as? [String: Any])?["reference"] as? String == deviceURL)
        #expect(left["effectiveDateTime"] as? String == "2026-11-18T11:06:40Z")
        #expect((left["method"] as? [String: Any])?["text"] as? String == "GripFit standard protocol, 3 trials; maximum of counted trials")
        let components = try #require(left["component"] as? [[String: Any]])
        #expect(components.compactMap { ($0["valueQuantity"] as? [String: Any])?["value"] as? Double } == [27.8, 28.3, 27.9])
        // obs-7: a trial is coded as itself, never with the Observation's own LOINC code.
        let trialCodings = components.compactMap { (($0["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first }
        #expect(trialCodings.map { $0["system"] as? String } == Array(repeating: "urn:gripfit:trial", count: 3))
        #expect(trialCodings.map { $0["code"] as? String } == ["trial-1", "trial-2", "trial-3"])
        #expect(components.map { ($0["code"] as? [String: Any])?["text"] as? String } == ["Trial 1", "Trial 2", "Trial 3"])
        // Each hand carries its own notes; the assessment's (the norm of the best grip, here the right
        // hand's 30.4 kgf, and EWGSOP2) go once, on that hand's Observation, in kgf.
        #expect((left["note"] as? [[String: Any]])?.compactMap { $0["text"] as? String } == ["left hand's own note"])

        let right = resources[3]
        let rightCode = ((right["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String
        #expect(rightCode == "83174-3")
        let notes = (right["note"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
        #expect(notes.count == 3 && notes[0].hasPrefix("30.4 kgf: between the 75th and 90th centile"), "\(notes)")
        #expect(notes[0].contains("women aged 65–69"))
        #expect(
            notes[1] == "at or above the EWGSOP2 grip threshold (16 kgf for women; Cruz-Jentoft et al., Age Ageing 2019, "
                + "doi:10.1093/ageing/afy169)"
        )
        #expect(notes[2] == "right hand's own note")
        #expect(!notes.joined().contains(" kg ") && !notes.joined().contains(" kg:"))
        #expect(((right["bodySite"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String == "78791008")
    }

    /// A trial never counted (three flagged attempts) leaves its number out: the components keep the
    /// numbers the cues, the summary and the report use, not their places in the list (issue 33).
    @Test func trialsKeepTheNumbersTheyWereCuedAndSavedWith() throws {
        var input = FHIRFixtures.full
        input.assessments[0].hands[0].trials = [CountedTrial(number: 2, kg: 28.3), CountedTrial(number: 3, kg: 27.9)]
        let entries = try decode(try FHIRFixtures.bundle(input))
        let resources = entries.compactMap { $0["resource"] as? [String: Any] }
        let left = try #require(resources.first { "\($0["bodySite"] ?? "")".contains("85151006") })
        let components = try #require(left["component"] as? [[String: Any]])
        #expect(components.map { ($0["code"] as? [String: Any])?["text"] as? String } == ["Trial 2", "Trial 3"])
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let first = try FHIRFixtures.bundle(FHIRFixtures.full)
        #expect(first == (try FHIRFixtures.bundle(FHIRFixtures.full)))
        let other = try FHIRFixtures.bundle(FHIRFixtures.missing)
        let urls = { (text: String) in try self.decode(text).compactMap { $0["fullUrl"] as? String } }
        #expect(Set(try urls(first)).isDisjoint(with: Set(try urls(other))))
        #expect(Set(try urls(first)).count == 4)
        // RFC 9562 layout: version 8 (custom, name-derived), variant 10xx, lower-case hex.
        for url in try urls(first) {
            #expect(url.wholeMatch(of: /urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil, "\(url)")
        }
    }

    @Test func missingFactsAreLeftOutAndTheNoteSaysWhy() throws {
        let resources = try decode(try FHIRFixtures.bundle(FHIRFixtures.missing)).compactMap { $0["resource"] as? [String: Any] }
        #expect(resources[0]["gender"] == nil && resources[0]["birthDate"] == nil)
        #expect(resources[1]["deviceName"] == nil && resources[1]["version"] == nil && resources[1]["manufacturer"] == nil)
        #expect(resources[2]["component"] == nil)
        // The bare Observation's identifier is its UUID in this site's observation system.
        let identifier = (resources[2]["identifier"] as? [[String: Any]])?.first
        #expect(identifier?["system"] as? String == "urn:gripfit:site:\(FHIRFixtures.identity.site):observation")
        #expect(identifier?["value"] as? String == resources[2]["id"] as? String)
        let note = (resources[2]["note"] as? [[String: Any]])?.first?["text"] as? String
        #expect(note?.hasPrefix("No norm: the device was not calibrated") == true)
    }

    @Test func hostileTextIsEscapedOnceAndComesBackAsSent() throws {
        let text = try FHIRFixtures.bundle(FHIRFixtures.hostile)
        #expect(!text.contains("\u{1B}") && !text.contains("\u{2028}") && !text.contains("\n") && !text.contains("\u{0}"))
        let resources = try decode(text).compactMap { $0["resource"] as? [String: Any] }
        #expect(resources.count == 3)
        #expect((resources[0]["identifier"] as? [[String: Any]])?.first?["value"] as? String == FHIRFixtures.hostileCode)
        #expect((resources[1]["version"] as? [[String: Any]])?.first?["value"] as? String == FHIRFixtures.hostileFirmware)
        #expect(resources[1]["manufacturer"] as? String == "<b>&amp;")
    }

    @Test func inputFHIRWouldRefuseIsRefusedWithItsReason() throws {
        var full = FHIRFixtures.full
        full.assessments[0].subjectCode = "S-404"
        #expect(throws: FHIRInputError.unknownSubject(assessment: "assessment-1", subject: "S-404")) { try FHIRFixtures.bundle(full) }
        full = FHIRFixtures.full
        full.assessments[0].deviceAddress = "00:00"
        #expect(throws: FHIRInputError.unknownDevice(assessment: "assessment-1", address: "00:00")) { try FHIRFixtures.bundle(full) }
        full = FHIRFixtures.full
        full.assessments[0].hands[1].trials[0].kg = .nan
        #expect(throws: FHIRInputError.self) { try FHIRFixtures.bundle(full) }
        full = FHIRFixtures.full
        full.assessments[0].hands = []
        #expect(throws: FHIRInputError.noHands(assessment: "assessment-1")) { try FHIRFixtures.bundle(full) }
        full = FHIRFixtures.full
        full.patients[0].birthDate = .day(year: 1979, month: 2, day: 30)
        #expect(throws: FHIRInputError.invalidBirthDate(subject: "S-047")) { try FHIRFixtures.bundle(full) }
        full.patients[0].birthDate = .day(year: 1900, month: 2, day: 29)
        #expect(throws: FHIRInputError.invalidBirthDate(subject: "S-047")) { try FHIRFixtures.bundle(full) }
        full.patients[0].birthDate = FHIRBirthDate(.date(Subject.Birth.Day(year: 2000, month: 2, day: 29)!))
        #expect(try FHIRFixtures.bundle(full).contains("\"birthDate\":\"2000-02-29\""))
        #expect(FHIRBirthDate(.year(1960)) == .year(1960))
        full.patients[0].birthDate = .day(year: 999, month: 2, day: 3)
        #expect(throws: FHIRInputError.invalidBirthDate(subject: "S-047")) { try FHIRFixtures.bundle(full) }
        full = FHIRFixtures.full
        full.patients[0].code = ""
        #expect(throws: FHIRInputError.emptyText(field: "a subject code")) { try FHIRFixtures.bundle(full) }
        #expect(FHIRInputError.unknownSubject(assessment: "a", subject: "S-404").description.contains("S-404"))
    }
}
