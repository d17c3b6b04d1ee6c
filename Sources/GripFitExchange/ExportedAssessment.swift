import GripFitClinical
import GripFitCore
import GripFitRecords

/// The JSON form of an assessment: its facts under the id its sessions' `assessment` names in this
/// file (an import files it under a new id). Its attempts are those sessions; its figures are not
/// exported, as they are computed from them.
struct ExportedAssessment: Codable {
    var id: Int64
    /// The stable name's uid (``StableName``); absent in older exports, whose assessments get the
    /// one derived from device, start and protocol.
    var uid: String?
    var subject: String?
    var device: String
    var startedAt: String
    var `protocol`: String
    /// Absent for an assessment from before protocols had versions (and in older exports).
    var protocolVersion: Int?
    var firstHand: Hand
    var trialsPerHand: Int
    var restS: Double
    var unit: String
    var calibrationDate: String?

    init(_ assessment: StoredAssessment) {
        let facts = assessment.facts
        id = assessment.id
        uid = facts.uid
        subject = facts.subject
        device = facts.device
        startedAt = Timestamp.rfc3339(milliseconds: facts.startedAtMilliseconds)
        self.protocol = facts.protocolName
        protocolVersion = facts.protocolVersion
        firstHand = facts.firstHand
        trialsPerHand = facts.trialsPerHand
        restS = facts.restSeconds
        unit = facts.unit
        calibrationDate = facts.calibrationDate
    }

    func facts() throws(StoreError) -> AssessmentFacts {
        guard let start = Timestamp.parse(startedAt) else {
            throw .badImport(line: 1, reason: "assessment \(id): started_at \(startedAt) is not an RFC 3339 time")
        }
        guard GripProtocol.anyTrialsRange.contains(trialsPerHand), restS.isFinite,
            GuidedProtocol.Settings.restSecondsRange.contains(restS)
        else {
            throw .badImport(line: 1, reason: "assessment \(id): trials per hand or rest out of range")
        }
        if let protocolVersion, !(1...10_000).contains(protocolVersion) {
            throw .badImport(line: 1, reason: "assessment \(id): protocol_version \(protocolVersion) is not 1 to 10000")
        }
        guard AssessmentFacts.units.contains(unit) else {
            throw .badImport(line: 1, reason: "assessment \(id): unit \(unit) is not kg or raw")
        }
        if let subject {
            do throws(SubjectError) {
                try Subject.check(code: subject)
            } catch {
                throw .badImportedSubject(error)
            }
        }
        // Cleaned and bounded as a session's device and protocol are: the report prints them.
        guard let device = CleanText.clean(device) else { throw .badImport(line: 1, reason: "assessment \(id): device is empty") }
        guard let protocolName = CleanText.clean(self.protocol) else {
            throw .badImport(line: 1, reason: "assessment \(id): protocol is empty")
        }
        return AssessmentFacts(
            subject: subject,
            device: device,
            startedAtMilliseconds: start,
            protocolName: protocolName,
            firstHand: firstHand,
            trialsPerHand: trialsPerHand,
            restSeconds: restS,
            unit: unit,
            calibrationDate: try SessionExchange.calibrationDate(calibrationDate, of: "assessment \(id)", line: 1),
            uid: try SessionExchange.uid(
                uid,
                of: "assessment \(id)",
                else: StableName.legacy(device: device, startedAtMilliseconds: start, protocolName: protocolName)
            ),
            protocolVersion: protocolVersion
        )
    }
}
