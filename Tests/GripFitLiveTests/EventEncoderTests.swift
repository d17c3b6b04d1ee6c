import Foundation
import GripFitCore
import GripFitOutput
import Testing

@testable import GripFitLive

@Suite struct EventEncoderTests {
    let time = "2026-11-22T04:10:31.123Z"

    @Test func readingsStatusesAndDeviceInfoFollowTheDocumentedShape() {
        #expect(
            EventEncoder.jsonl(.message(.reading(-5)), time: time) == #"{"event":"reading","time":"2026-11-22T04:10:31.123Z","raw":-5}"#
        )
        #expect(
            EventEncoder.jsonl(.message(.status(.rate(50))), time: time)
                == #"{"event":"status","time":"2026-11-22T04:10:31.123Z","status":"RATE","rate_ms":50}"#
        )
        #expect(
            EventEncoder.jsonl(.message(.status(.notReady)), time: time)
                == #"{"event":"status","time":"2026-11-22T04:10:31.123Z","status":"NOT_READY"}"#
        )
        #expect(
            EventEncoder.jsonl(.message(.device(DeviceInfo(name: "GRIPFIT", firmware: "1.0"))), time: time)
                == #"{"event":"device","time":"2026-11-22T04:10:31.123Z","name":"GRIPFIT","firmware":"1.0"}"#
        )
        #expect(
            EventEncoder.jsonl(.state(.error(.portBusy)), time: time)
                == #"{"event":"state","time":"2026-11-22T04:10:31.123Z","state":"error","error":"portBusy"}"#
        )
    }

    @Test func warningsCarryTheReasonAndTheLineWithoutControlCharacters() {
        let warning = LinkWarning(.unknownLine, raw: Array("\u{1B}[2J\"hi\"".utf8))
        #expect(
            EventEncoder.jsonl(.warning(warning), time: time)
                == #"{"event":"warning","time":"2026-11-22T04:10:31.123Z","reason":"unknown-line","line":"\\x1B[2J\"hi\""}"#
        )
    }

    /// JSON carries device text as the device sent it, JSON-escaped only (ESC as `\u001b`, the
    /// backslash doubled once), as `history --json` and export do; the text line makes it visible.
    @Test func deviceTextIsRawInJSONAndVisibleInText() throws {
        let firmware = "1.0\u{1B}[31m\\x"
        let device = try #require(EventEncoder.jsonl(.message(.device(DeviceInfo(name: "GRIP\u{7}", firmware: firmware))), time: time))
        #expect(device == #"{"event":"device","time":"2026-11-22T04:10:31.123Z","name":"GRIP\u0007","firmware":"1.0\u001b[31m\\x"}"#)
        let decoded = try #require(JSONSerialization.jsonObject(with: Data(device.utf8)) as? [String: Any])
        #expect(decoded["firmware"] as? String == firmware)
        let text = EventEncoder.text(.message(.device(DeviceInfo(name: "G", firmware: firmware))), time: time)
        #expect(text == #"2026-11-22T04:10:31.123Z device G firmware 1.0\x1B[31m\\x"#)

        let address = BLEAddress("C0:FF:EE:12:34:56")!
        let events: [(BridgeEvent, String, String)] = [
            (.hello(version: firmware), "version", firmware),
            (.found(address: address, rssi: -40, name: "\u{1B}]0;x"), "name", "\u{1B}]0;x"),
            (.disconnected(address, reason: "0x\u{1B}"), "reason", "0x\u{1B}"),
            (.error(.dataLost, detail: "a\\b\u{1B}"), "detail", "a\\b\u{1B}"),
        ]
        for (event, field, raw) in events {
            let line = try #require(EventEncoder.jsonl(.message(.bridge(event)), time: time))
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object[field] as? String == raw, "\(line)")
        }
    }

    @Test func bridgeNamesAreEscaped() {
        let address = BLEAddress("C0:FF:EE:12:34:56")!
        let line = EventEncoder.text(.message(.bridge(.found(address: address, rssi: -40, name: "\u{07}evil"))), time: time)
        #expect(line == "2026-11-22T04:10:31.123Z bridge found \\x07evil C0:FF:EE:12:34:56 at -40 dBm")
    }

    /// A bridge's link state is lower case as the `state` events' are; a disconnect reason keeps its code and gains its name.
    @Test func bridgeStatusIsLowerCaseAndADisconnectReasonIsNamed() {
        let address = BLEAddress("C0:FF:EE:12:34:56")!
        #expect(
            EventEncoder.jsonl(.message(.bridge(.status(.connected, address))), time: time)
                == #"{"event":"bridge","time":"2026-11-22T04:10:31.123Z","type":"status","state":"connected","#
                + #""address":"C0:FF:EE:12:34:56"}"#
        )
        #expect(
            EventEncoder.jsonl(.message(.bridge(.disconnected(address, reason: "0x08"))), time: time)
                == #"{"event":"bridge","time":"2026-11-22T04:10:31.123Z","type":"disconnected","address":"C0:FF:EE:12:34:56","#
                + #""reason":"0x08","reason_name":"connection timeout"}"#
        )
        #expect(
            EventEncoder.text(.message(.bridge(.disconnected(address, reason: "0x13"))), time: time)
                == "2026-11-22T04:10:31.123Z bridge disconnected from C0:FF:EE:12:34:56 (0x13: remote user terminated connection)"
        )
        #expect(EventEncoder.jsonl(.message(.bridge(.disconnected(address, reason: "0x7F"))), time: time)?.contains("reason_name") == false)
    }

    @Test func csvCarriesReadingsOnly() {
        #expect(EventEncoder.csv(.message(.reading(12)), time: time) == "2026-11-22T04:10:31.123Z,12")
        #expect(EventEncoder.csv(.message(.status(.pong)), time: time) == nil)
    }

    @Test func jsonStringsEscapeEverythingRFC8259Requires() {
        #expect(JSONString.quoted("a\"b\\c\n\u{01}") == #""a\"b\\c\n\u0001""#)
    }
}
