import GripFitCore
import GripFitExchange
import GripFitRecords
import StoreTestSupport
import Testing

struct SessionExchangeTests {
    @Test(arguments: SessionFormat.allCases)
    func importReadsWhatExportWrote(format: SessionFormat) throws {
        let sessions = [Fixtures.session(), Fixtures.session(start: 1_795_000_100_000, label: "a \"quoted\", label", calibrated: false)]
        let text = try SessionExchange.export(sessions, as: format)
        let imported = try SessionExchange.parse(text)
        // Unnamed, as sessions from before names: each gets the name derived from its device and start.
        #expect(imported == sessions.map(Self.named))
    }

    /// JSON carries a session's name; a file that names it otherwise than `export` does is refused.
    @Test func jsonCarriesTheSessionsName() throws {
        var session = Fixtures.session()
        session.uid = StableName.random()
        let text = try SessionExchange.export([session], as: .json)
        #expect(try SessionExchange.parse(text).map(\.uid) == [session.uid])
        let renamed = text.replacingOccurrences(of: session.uid ?? "", with: "not-a-name")
        #expect(throws: StoreError.self) { try SessionExchange.parse(renamed) }
    }

    /// `session` with the name a file from before names gives it.
    static func named(_ session: StoredSession) -> StoredSession {
        var named = session
        named.uid = StableName.legacy(device: session.device, startedAtMilliseconds: session.startedAtMilliseconds)
        return named
    }

    @Test(arguments: SessionFormat.allCases)
    func bridgeVersionRoundTrips(format: SessionFormat) throws {
        let imported = try SessionExchange.parse(try SessionExchange.export([Fixtures.session()], as: format))
        #expect(imported.map(\.bridgeVersion) == ["1.2.0"])
    }

    /// The bridge reports its own version over serial: device text, guarded like the other text columns.
    @Test func bridgeVersionIsAFormulaGuardedTextColumn() throws {
        var session = Fixtures.session()
        session.bridgeVersion = "=1+2"
        let text = try SessionExchange.export([session], as: .csv)
        let rows = text.split(separator: "\n").dropFirst()
        // The tags and the station follow it, empty for an untagged session from before stations.
        #expect(!rows.isEmpty && rows.allSatisfy { $0.hasSuffix(",'=1+2" + String(repeating: ",", count: TagField.all.count + 1)) })
        #expect(try SessionExchange.parse(text).map(\.bridgeVersion) == [session.bridgeVersion])
    }

    /// A CSV export from before `bridge_version` imports, without it.
    @Test func csvWithoutTheBridgeColumnImports() throws {
        let lines = try SessionExchange.export([Fixtures.session()], as: .csv).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).dropLast(2 + TagField.all.count).joined(separator: ",")
        }
        let imported = try SessionExchange.parse(lines.joined(separator: "\n") + "\n")
        var expected = Self.named(Fixtures.session())
        expected.bridgeVersion = nil
        #expect(imported == [expected])
    }

    @Test func jsonHasStableFieldNames() throws {
        let text = try SessionExchange.export([Fixtures.session()], as: .json)
        let keys = [
            "\"format\":\"gripfit-sessions\"", "\"peak\":", "\"peak_rfd\":", "\"started_at\":\"2026-", "\"reps\":",
            "\"counts_per_kg\":20000",
        ]
        for key in keys {
            #expect(text.contains(key), "missing \(key)")
        }
    }

    @Test func csvHasOneRowPerReadingAndGap() throws {
        let session = Fixtures.session()
        let lines = try SessionExchange.export([session], as: .csv).split(separator: "\n")
        #expect(lines.count == 1 + session.trace.samples.count + session.trace.gaps.count)
        #expect(lines[1].contains(",sample,0.000000,,1000,0.0,kg"))
    }

    @Test func refusesForeignFiles() throws {
        #expect(throws: StoreError.self) { try SessionExchange.parse("{\"format\":\"other\",\"version\":1,\"sessions\":[]}") }
        #expect(throws: StoreError.self) { try SessionExchange.parse("time,raw\n1,2\n") }
        let header = try SessionExchange.export([], as: .csv)
        #expect(throws: StoreError.badImport(line: 2, reason: "expected 24 fields")) { try SessionExchange.parse(header + "a,b\n") }
    }

    /// What the file says is quoted in the error, escaped: the `format` value and the decoder's
    /// message about a bad enum value both come from the file.
    @Test func theFilesTextInAnErrorIsEscaped() throws {
        let format = "{\"format\":\"\\u001b]0;pwned\\u0007\",\"version\":1,\"sessions\":[]}"
        let hand = try SessionExchange.export([Fixtures.session()], as: .json)
            .replacingOccurrences(of: "\"hand\":\"right\"", with: "\"hand\":\"\\u001b[2J\\u202e\"")
        #expect(hand.contains("\\u202e"))
        for text in [format, hand] {
            do {
                _ = try SessionExchange.parse(text)
                Issue.record("an import with a hostile value was accepted")
            } catch {
                let message = String(describing: error)
                #expect(!message.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{202E}" })
                #expect(message.contains("\\x1B"), "\(message)")
            }
        }
    }

    @Test func cleansControlCharactersFromImportedText() throws {
        var session = Fixtures.session()
        session.label = "evil\u{1B}[2Jlabel"
        let imported = try SessionExchange.parse(try SessionExchange.export([session], as: .json))
        #expect(imported.first?.label == "evil [2Jlabel")
    }

    /// A count no Int holds once it went through a Double is refused with its name, never trapped.
    @Test func aHugeCountInAnImportIsRefused() throws {
        let json = try SessionExchange.export([Fixtures.session()], as: .json)
        let count = try #require(json.firstRange(of: /"sample_count":\d+/))
        for hostile in ["9223372036854775807", "-1", "2147483648"] {
            let text = json.replacingCharacters(in: count, with: "\"sample_count\":\(hostile)")
            #expect(throws: StoreError.self) { try SessionExchange.parse(text) }
        }
    }

    /// Device text is kept as the device sent it: JSON carries it JSON-escaped, CSV with the
    /// terminal's visible escapes (a field never breaks its line), and both import it back as sent.
    @Test func deviceTextRoundTripsAsSentThroughJSONAndCSV() throws {
        var session = Fixtures.session()
        session.firmware = "1.0\u{1B}[2J\\x\n"
        session.bridgeVersion = "=2\u{7}"
        let json = try SessionExchange.export([session], as: .json)
        #expect(json.contains(#""firmware":"1.0\u001b[2J\\x\n""#))
        let csv = try SessionExchange.export([session], as: .csv)
        #expect(csv.contains(#"1.0\x1B[2J\\x\x0A"#))
        #expect(csv.contains(#"'=2\x07"#))
        var plain = session
        plain.firmware = "1.0"
        plain.bridgeVersion = "2"
        #expect(csv.split(separator: "\n").count == (try SessionExchange.export([plain], as: .csv)).split(separator: "\n").count)
        for text in [json, csv] {
            let imported = try #require(try SessionExchange.parse(text).first)
            #expect(imported.firmware == session.firmware)
            #expect(imported.bridgeVersion == session.bridgeVersion)
        }
    }
}

/// What a careless or hostile import file holds: refused with the line, never trapped.
struct SessionExchangeHostileTests {
    static let header = try! SessionExchange.export([], as: .csv)

    @Test func nonFiniteCalibrationsAreRefusedAndNeverExported() throws {
        var session = Fixtures.session()
        session.calibration?.offset = -.infinity
        #expect(throws: StoreError.self) { try SessionExchange.export([session], as: .json) }
        #expect(throws: StoreError.self) { try SessionExchange.export([session], as: .csv) }
        let csv = try SessionExchange.export([Fixtures.session()], as: .csv)
            .replacingOccurrences(of: ",1000.0,20000.0,", with: ",-inf,20000.0,")
        #expect(throws: StoreError.self) { try SessionExchange.parse(csv) }
    }

    @Test func aTimeThatOverflowsIsRefused() throws {
        let row = "usb:X,2026-11-18T11:06:40.000Z,,,,,,,,,,1.0,sample,9223372036854.775808,,5,5,raw,,,,,,\n"
        #expect(throws: StoreError.badImport(line: 2, reason: "time_s is not a number")) { try SessionExchange.parse(Self.header + row) }
    }

    @Test func crlfLinesAndCombiningMarksAfterSeparatorsRead() throws {
        var session = Fixtures.session()
        session.label = "a,\u{301}b"
        let csv = try SessionExchange.export([session], as: .csv).replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try SessionExchange.parse(csv).first?.label == "a,\u{301}b")
    }
}
