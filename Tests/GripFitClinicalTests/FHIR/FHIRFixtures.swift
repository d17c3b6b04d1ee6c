import Foundation
import GripFitClinical
import GripFitCore

/// The Bundles the FHIR tests write: one full (a woman of 67, so EWGSOP2 applies), one with nothing known but the code, one whose every
/// user and device text is hostile.
enum FHIRFixtures {
    static let effective = Date(timeIntervalSince1970: 1_795_000_000)
    static let device = FHIRDevice(address: "C4:DE:E2:01:02:03", firmware: "1.4.2", manufacturer: "GripFit", model: "GripFit One")
    static let protocolName = "GripFit standard protocol, 3 trials"
    static let statistic = "maximum of counted trials"
    /// Two clinics' site identities, as their histories made them.
    static let identity = FHIRIdentity(site: "0b7e5a4c-2f1d-4c3b-9a8e-1d2c3b4a5f60")
    static let otherClinic = FHIRIdentity(site: "d3c2b1a0-9e8f-4a7b-8c6d-5e4f3a2b1c0d")

    static var full: (patients: [FHIRPatient], devices: [FHIRDevice], assessments: [FHIRAssessment]) {
        let birth = Subject.Birth.date(Subject.Birth.Day(year: 1959, month: 3, day: 14)!)
        let patient = FHIRPatient(code: "S-047", sex: .female, birthDate: FHIRBirthDate(birth))
        let age = Age(birth: birth, on: Subject.Birth.Day(effective, in: TimeZone(identifier: "UTC")!))
        let input = NormInput(bestKg: 30.4, sex: .female, age: age, calibrated: true)
        let assessment = FHIRAssessment(
            id: "assessment-1",
            subjectCode: "S-047",
            deviceAddress: device.address,
            effective: effective,
            protocolName: protocolName,
            statistic: statistic,
            hands: [
                FHIRHandResult(
                    hand: .left,
                    valueKg: 28.3,
                    trials: [
                        CountedTrial(number: 1, kg: 27.8),
                        CountedTrial(number: 2, kg: 28.3),
                        CountedTrial(number: 3, kg: 27.9),
                    ],
                    notes: ["left hand's own note"]
                ),
                FHIRHandResult(
                    hand: .right,
                    valueKg: 30.4,
                    trials: [
                        CountedTrial(number: 1, kg: 30.1),
                        CountedTrial(number: 2, kg: 29.7),
                        CountedTrial(number: 3, kg: 30.4),
                    ],
                    notes: ["right hand's own note"]
                ),
            ],
            notes: [DoddsNorms.place(input).text(unit: "kgf"), EWGSOP2Threshold.standard.compare(input).text(unit: "kgf")]
        )
        return ([patient], [device], [assessment])
    }

    static var missing: (patients: [FHIRPatient], devices: [FHIRDevice], assessments: [FHIRAssessment]) {
        let patient = FHIRPatient(code: "S-UNKNOWN", sex: nil, birthDate: nil)
        let bare = FHIRDevice(address: "C4:DE:E2:0A:0B:0C", firmware: nil, manufacturer: nil, model: "")
        let input = NormInput(bestKg: 22, sex: nil, ageYears: nil, calibrated: false)
        let assessment = FHIRAssessment(
            id: "assessment-2",
            subjectCode: patient.code,
            deviceAddress: bare.address,
            effective: effective,
            protocolName: protocolName,
            statistic: statistic,
            hands: [FHIRHandResult(hand: .right, valueKg: 22, trials: [])],
            notes: [DoddsNorms.place(input).text]
        )
        return ([patient], [bare], [assessment])
    }

    static let hostileCode = "x\"},{\"resourceType\":\"Patient\"\u{2028}\u{1B}[31m\n</script>\\"
    static let hostileFirmware = "\u{1B}]0;pwned\u{07}\u{0}"

    static var hostile: (patients: [FHIRPatient], devices: [FHIRDevice], assessments: [FHIRAssessment]) {
        let patient = FHIRPatient(code: hostileCode, sex: .male, birthDate: .year(1960))
        let device = FHIRDevice(address: "AA:BB\u{202E}CC", firmware: hostileFirmware, manufacturer: "<b>&amp;", model: "\"quoted\"\t")
        let assessment = FHIRAssessment(
            id: "a\u{2029}b",
            subjectCode: hostileCode,
            deviceAddress: device.address,
            effective: effective,
            protocolName: "proto\u{7F}col",
            statistic: statistic,
            hands: [
                FHIRHandResult(
                    hand: .left,
                    valueKg: 40,
                    trials: [
                        CountedTrial(number: 1, kg: 40)
                    ]
                )
            ],
            notes: ["note \u{1B}[2J"]
        )
        return ([patient], [device], [assessment])
    }

    static func bundle(
        _ parts: (patients: [FHIRPatient], devices: [FHIRDevice], assessments: [FHIRAssessment]),
        identity: FHIRIdentity = identity,
        type: FHIRBundleType = .collection
    ) throws -> String {
        try FHIRBundleWriter.bundle(
            patients: parts.patients,
            devices: parts.devices,
            assessments: parts.assessments,
            identity: identity,
            type: type
        )
    }
}
