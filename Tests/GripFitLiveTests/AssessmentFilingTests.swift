import GripFitCore
import GripFitLive
import GripFitRecords
import Testing

/// ``AssessmentFiling`` as `record --protocol` and the page use it: the run's subject on every
/// attempt, the assessment filed with the first saved one, the others pointing at it.
struct AssessmentFilingTests {
    struct Full: Error {}

    static func attempt(start: Int64) -> StoredSession {
        StoredSession.analysed(
            device: "usb:A1",
            startedAtMilliseconds: start,
            firmware: "1.0",
            label: nil,
            hand: .left,
            calibration: nil,
            trace: RawTrace(samples: (0..<10).map { RawSample(micros: Int64($0) * 12_500, raw: 100) })
        )
    }

    @Test func theFirstSavedAttemptFilesTheAssessmentAndTheOthersPointAtIt() throws {
        let filing = AssessmentFiling()
        filing.start(subject: "P017", settings: GuidedRun.settings(trials: 1, first: .left, rest: 0, trialLimit: 5))
        var written: [StoredSession] = []
        var facts: [AssessmentFacts] = []
        var failFirst = true
        func save(_ session: StoredSession) throws -> Int64 {
            try filing.save(
                session,
                attempt: { attempt in
                    written.append(attempt)
                    return Int64(written.count)
                },
                first: { attempt, filed in
                    if failFirst { throw Full() }
                    written.append(attempt)
                    facts.append(filed)
                    return (Int64(written.count), 7)
                }
            )
        }
        #expect(throws: Full.self) { try save(Self.attempt(start: 1_795_000_000_000)) }
        #expect(filing.assessment == nil, "a first save that fails files none")
        failFirst = false
        #expect(try save(Self.attempt(start: 1_795_000_010_000)) == 1)
        #expect(try save(Self.attempt(start: 1_795_000_020_000)) == 2)
        #expect(filing.assessment == 7)
        #expect(facts.count == 1 && facts.first?.subject == "P017" && facts.first?.uid != nil)
        #expect(facts.first?.startedAtMilliseconds == 1_795_000_010_000)
        #expect(written.map(\.tags.subject) == ["P017", "P017"])
        #expect(written.map(\.tags.assessment) == [nil, 7])
        filing.forgetAssessment()
        #expect(filing.assessment == nil)
    }
}
