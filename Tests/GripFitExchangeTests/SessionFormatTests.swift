import GripFitExchange
import GripFitOutput
import GripFitRecords
import StoreTestSupport
import Testing

/// Each ``SessionFormat`` writes through its own encoder: begin, a session, finish, as the export.
struct SessionFormatTests {
    @Test(arguments: SessionFormat.allCases)
    func theEncodersPartsMakeTheExport(format: SessionFormat) throws {
        var encoder = format.encoder(subjects: [], assessments: [])
        var bytes: [UInt8] = []
        try encoder.begin(into: &bytes)
        let head = String(decoding: bytes, as: UTF8.self)
        try encoder.add(Fixtures.session(), into: &bytes)
        try encoder.finish(into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == (try SessionExchange.export([Fixtures.session()], as: format)))
        switch format {
        case .json: #expect(head == #"{"format":"gripfit-sessions","version":1,"sessions":["#)
        case .csv: #expect(head.hasPrefix("device,started_at,firmware,") && head.hasSuffix(",station\n"))
        }
    }

    /// A session the format cannot carry leaves nothing of itself in the sink.
    @Test(arguments: SessionFormat.allCases)
    func aRefusedSessionAddsNoBytes(format: SessionFormat) throws {
        var session = Fixtures.session()
        session.calibration?.offset = .infinity
        var encoder = format.encoder(subjects: [], assessments: [])
        var bytes: [UInt8] = []
        try encoder.begin(into: &bytes)
        let head = bytes
        #expect(throws: StoreError.self) { try encoder.add(session, into: &bytes) }
        #expect(bytes == head)
    }
}
