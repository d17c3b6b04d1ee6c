import GripFitCore
import GripFitStore
import Testing

struct SessionExchangeTests {
    @Test(arguments: ExportFormat.allCases)
    func importReadsWhatExportWrote(format: ExportFormat) throws {
        let sessions = [Fixtures.session(), Fixtures.session(start: 1_795_000_100_000, label: "a \"quoted\", label", calibrated: false)]
        let text = SessionExchange.export(sessions, as: format)
        let imported = try SessionExchange.parse(text)
        #expect(imported == sessions)
    }

    @Test(arguments: ExportFormat.allCases)
    func bridgeVersionRoundTrips(format: ExportFormat) throws {
        let imported = try SessionExchange.parse(SessionExchange.export([Fixtures.session()], as: format))
        #expect(imported.map(\.bridgeVersion) == ["1.2.0"])
    }

    /// A CSV export from before `bridge_version` imports, without it.
    @Test func csvWithoutTheBridgeColumnImports() throws {
        let lines = SessionExchange.export([Fixtures.session()], as: .csv).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).dropLast().joined(separator: ",")
        }
        let imported = try SessionExchange.parse(lines.joined(separator: "\n") + "\n")
        var expected = Fixtures.session()
        expected.bridgeVersion = nil
        #expect(imported == [expected])
    }

    @Test func importIntoAStoreIsIdempotent() throws {
        let store = try SessionStore(path: Fixtures.temporaryDirectory() + "/history.sqlite")
        try store.save(Fixtures.session())
        let exported = SessionExchange.export(try store.allIDs().map { try store.session(id: $0) }, as: .json)
        let outcomes = try SessionExchange.parse(exported).map { try store.save($0) }
        #expect(outcomes.allSatisfy { if case .duplicate = $0 { true } else { false } })
        #expect(try store.list().count == 1)
    }

    @Test func jsonHasStableFieldNames() {
        let text = SessionExchange.export([Fixtures.session()], as: .json)
        for key in ["\"format\":\"gripfit-sessions\"", "\"peak\":", "\"peak_rfd\":", "\"started_at\":\"2026-", "\"reps\":", "\"counts_per_kg\":20000"] {
            #expect(text.contains(key), "missing \(key)")
        }
    }

    @Test func csvHasOneRowPerReadingAndGap() {
        let session = Fixtures.session()
        let lines = SessionExchange.export([session], as: .csv).split(separator: "\n")
        #expect(lines.count == 1 + session.trace.samples.count + session.trace.gaps.count)
        #expect(lines[1].contains(",sample,0.000000,,1000,0.0,kg"))
    }

    @Test func refusesForeignFiles() {
        #expect(throws: StoreError.self) { try SessionExchange.parse("{\"format\":\"other\",\"version\":1,\"sessions\":[]}") }
        #expect(throws: StoreError.self) { try SessionExchange.parse("time,raw\n1,2\n") }
        let header = SessionExchange.export([], as: .csv)
        #expect(throws: StoreError.badImport(line: 2, reason: "expected 19 fields")) { try SessionExchange.parse(header + "a,b\n") }
    }

    @Test func cleansControlCharactersFromImportedText() throws {
        var session = Fixtures.session()
        session.label = "evil\u{1B}[2Jlabel"
        let imported = try SessionExchange.parse(SessionExchange.export([session], as: .json))
        #expect(imported.first?.label == "evil [2Jlabel")
    }
}
