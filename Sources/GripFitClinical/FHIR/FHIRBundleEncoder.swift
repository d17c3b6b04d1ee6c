import GripFitOutput

/// A FHIR Bundle (``FHIRBundleWriter``) as one begin / add / finish: the Bundle's head with every
/// patient's and device's entry at the begin, each assessment's Observations as it is added (its
/// subject and device checked against the Bundle's), the closing brackets at the finish. One line,
/// no newline after it.
struct FHIRBundleEncoder: ByteEncoder {
    typealias Item = FHIRAssessment
    typealias Failure = FHIRInputError

    let patients: [FHIRPatient]
    let devices: [FHIRDevice]
    let identity: FHIRIdentity
    let type: FHIRBundleType
    /// The codes and addresses an assessment may name.
    private let subjects: Set<String>
    private let addresses: Set<String>
    private var written = 0

    init(patients: [FHIRPatient], devices: [FHIRDevice], identity: FHIRIdentity, type: FHIRBundleType) {
        self.patients = patients
        self.devices = devices
        self.identity = identity
        self.type = type
        subjects = Set(patients.map(\.code))
        addresses = Set(devices.map(\.address))
    }

    mutating func begin(into bytes: inout [UInt8]) throws(FHIRInputError) {
        var head = JSONObject()
        head.set("resourceType", "Bundle")
        head.set("type", type.rawValue)
        bytes += head.text.utf8.dropLast()
        bytes += #","entry":["#.utf8
        for patient in patients { append(try FHIRBundleWriter.entry(patient, identity, type), to: &bytes) }
        for device in devices { append(try FHIRBundleWriter.entry(device, identity, type), to: &bytes) }
    }

    mutating func add(_ assessment: FHIRAssessment, into bytes: inout [UInt8]) throws(FHIRInputError) {
        for entry in try FHIRBundleWriter.entries(assessment, subjects: subjects, addresses: addresses, identity, type) {
            append(entry, to: &bytes)
        }
    }

    func finish(into bytes: inout [UInt8]) {
        bytes += "]}".utf8
    }

    private mutating func append(_ entry: JSONObject, to bytes: inout [UInt8]) {
        if written > 0 { bytes.append(UInt8(ascii: ",")) }
        written += 1
        entry.write(to: &bytes)
    }
}
