import Foundation
import GripFitCore
import GripFitOutput
import Testing

@testable import GripFitClinical

/// The Bundle as begin / add / finish: patients and devices at the begin, each assessment's
/// Observations as it comes, the same bytes as the whole document built as one JSON object.
@Suite struct FHIRBundleEncoderTests {
    @Test(arguments: [FHIRBundleType.collection, .transaction])
    func thePiecesMakeTheDocumentAsOneObjectWouldWriteIt(type: FHIRBundleType) throws {
        let parts = FHIRFixtures.full
        let identity = FHIRFixtures.identity
        var encoder = FHIRBundleEncoder(patients: parts.patients, devices: parts.devices, identity: identity, type: type)
        var pieces: [[UInt8]] = [[], [], []]
        try encoder.begin(into: &pieces[0])
        for assessment in parts.assessments { try encoder.add(assessment, into: &pieces[1]) }
        encoder.finish(into: &pieces[2])

        let subjects = Set(parts.patients.map(\.code))
        let addresses = Set(parts.devices.map(\.address))
        var entries = try parts.patients.map { patient throws(FHIRInputError) in try FHIRBundleWriter.entry(patient, identity, type) }
        entries += try parts.devices.map { device throws(FHIRInputError) in try FHIRBundleWriter.entry(device, identity, type) }
        let observations = try parts.assessments.flatMap { assessment throws(FHIRInputError) in
            try FHIRBundleWriter.entries(assessment, subjects: subjects, addresses: addresses, identity, type)
        }
        var whole = JSONObject()
        whole.set("resourceType", "Bundle")
        whole.set("type", type.rawValue)
        whole.set("entry", entries + observations)
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == whole.text)
        #expect(String(decoding: pieces[1], as: UTF8.self).hasPrefix(#",{"fullUrl":"urn:uuid:"#))
        #expect(pieces[2] == Array("]}".utf8))
        #expect(try FHIRFixtures.bundle(parts, type: type) == whole.text)
    }

    @Test func anAssessmentOfASubjectNotInTheBundleFailsItsAdd() throws {
        let parts = FHIRFixtures.full
        var encoder = FHIRBundleEncoder(patients: [], devices: parts.devices, identity: FHIRFixtures.identity, type: .collection)
        var bytes: [UInt8] = []
        try encoder.begin(into: &bytes)
        let assessment = try #require(parts.assessments.first)
        var failure: FHIRInputError?
        do throws(FHIRInputError) {
            try encoder.add(assessment, into: &bytes)
        } catch {
            failure = error
        }
        #expect(failure == .unknownSubject(assessment: assessment.id, subject: assessment.subjectCode))
    }
}
