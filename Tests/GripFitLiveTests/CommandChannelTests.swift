import ConsumerTestSupport
import Foundation
import GripFitCore
import GripFitLive
import Testing

/// The command channel as a consumer on a fake clock: lines in by hand, the session's reports fed
/// as the driver feeds them (the stream first, then the channel, into one output), and every event
/// written checked in order against the readings around it.
struct CommandChannelTests {
    /// The stream and the channel over one output, as `monitor --commands -` runs them.
    final class Session {
        var written: [UInt8] = []
        let output: BatchedOutput
        let stream: LiveStream
        let channel: CommandChannel
        let harness: ConsumerHarness<CommandChannel>

        init(link: LinkFacts = LinkFacts()) {
            var sink: Session!
            output = BatchedOutput { bytes in
                sink.written += bytes
                return true
            }
            stream = LiveStream(format: .jsonl, output: output, wallTime: FixedWallTime())
            let start = MonotonicInstant(nanoseconds: 1_000_000_000)
            channel = CommandChannel(output: output, wallTime: FixedWallTime(), start: start, tool: "9.9.9", port: "/dev/pts/7")
            harness = ConsumerHarness(channel, start: start, link: link)
            sink = self
        }

        /// A report to the stream, then to the channel, `step` after the last input.
        @discardableResult
        func report(_ report: LinkReport, after step: Duration = .milliseconds(20)) -> [ConsumerAction] {
            harness.advance(by: step)
            var ignored: [ConsumerAction] = []
            stream.handle(report, at: harness.now, link: harness.link, into: &ignored)
            return harness.feed(report, after: .zero)
        }

        /// A line from the program, `step` after the last input.
        @discardableResult
        func send(_ line: String, after step: Duration = .milliseconds(5)) -> [ConsumerAction] {
            harness.advance(by: step)
            var actions: [ConsumerAction] = []
            channel.receive(.line(line), at: harness.now, into: &actions)
            return actions
        }

        @discardableResult
        func endOfInput(after step: Duration = .milliseconds(5)) -> [ConsumerAction] {
            harness.advance(by: step)
            var actions: [ConsumerAction] = []
            channel.endOfInput(at: harness.now, into: &actions)
            return actions
        }

        /// Every event written so far, parsed.
        var events: [[String: Any]] {
            harness.idle()
            return String(decoding: written, as: UTF8.self).split(separator: "\n").map {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? ["unparsed": String($0)]
            }
        }

        /// The events as `kind` or `kind:id`, a compact picture of their order.
        var outline: [String] {
            events.map { event in
                let kind = event["event"] as? String ?? "?"
                if let raw = event["raw"] as? Int { return "reading:\(raw)" }
                if let id = event["id"] { return "\(kind):\(id)" }
                if let status = event["status"] as? String { return "\(kind):\(status)" }
                return kind
            }
        }

        func replies() -> [[String: Any]] { events.filter { $0["event"] as? String == "reply" } }
    }

    @Test func theFirstEventNamesTheSchemaTheToolAndThePort() {
        let session = Session()
        session.harness.idle()
        let text = String(decoding: session.written, as: UTF8.self)
        #expect(
            text == #"{"event":"session","time":"2026-11-18T11:06:41.000Z","schema":1,"tool":"9.9.9","port":"/dev/pts/7","#
                + #""commands":["tare","ping","rate","info","pin","mark"]}"# + "\n"
        )
    }

    @Test func eachCommandIsSubmittedAndAnsweredWithItsIdWhereItsOutcomeHappened() {
        let session = Session(link: LinkFacts(bridgeVersion: "1.2.0"))
        session.report(.state(.connected))
        session.report(.message(.reading(10)))
        #expect(session.send(#"{"id": 7, "command": "tare"}"#) == [.submit(.device(.tare))])
        session.report(.message(.reading(11)))
        session.report(.message(.status(.tared)))
        session.report(.commandFinished(.device(.tare), .succeeded(reply: .status(.tared))), after: .zero)
        #expect(session.send(#"{"id": "r", "command": "rate", "ms": 50}"#) == [.submit(.device(.rate(try! SampleRate(milliseconds: 50))))])
        session.report(.message(.status(.rate(50))))
        session.report(
            .commandFinished(.device(.rate(try! SampleRate(milliseconds: 50))), .succeeded(reply: .status(.rate(50)))),
            after: .zero
        )
        session.report(.message(.reading(12)))
        #expect(session.send(#"{"id": 9, "command": "info"}"#) == [.submit(.device(.info))])
        let info = DeviceInfo(name: "GRIPFIT", firmware: "1.0")
        session.report(.message(.device(info)))
        session.report(.commandFinished(.device(.info), .succeeded(reply: .device(info))), after: .zero)
        #expect(session.send(#"{"id": 10, "command": "mark", "label": "squeeze now"}"#).isEmpty)
        session.report(.message(.reading(13)))
        #expect(
            session.outline == [
                "session", "state", "reading:10", "reading:11", "status:TARED", "reply:7", "status:RATE", "reply:r",
                "reading:12", "device", "reply:9", "reply:10", "reading:13",
            ]
        )
        let replies = session.replies()
        #expect(replies.map { $0["command"] as? String } == ["tare", "rate", "info", "mark"])
        #expect(replies.allSatisfy { $0["outcome"] as? String == "ok" })
        #expect(replies[1]["rate_ms"] as? Int == 50)
        #expect(replies[2]["firmware"] as? String == "1.0")
        #expect(replies[2]["name"] as? String == "GRIPFIT")
        #expect(replies[2]["bridge_version"] as? String == "1.2.0")
        #expect(replies[3]["label"] as? String == "squeeze now")
    }

    @Test func aPingsRoundTripCountsFromWhenTheLinkCouldSendIt() {
        let session = Session()
        // Sent before the link is up: the machine holds it until then.
        session.send(#"{"id": 1, "command": "ping"}"#)
        session.report(.state(.connected), after: .milliseconds(500))
        session.report(.commandFinished(.device(.ping), .succeeded(reply: .status(.pong))), after: .milliseconds(23))
        #expect(session.replies().first?["round_trip_ms"] as? Double == 23)
    }

    @Test func twoOfTheSameCommandAreAnsweredInTheOrderTheyWereSent() {
        let session = Session()
        session.report(.state(.connected))
        session.send(#"{"id": 1, "command": "ping"}"#)
        session.send(#"{"id": 2, "command": "ping"}"#)
        session.report(.commandFinished(.device(.ping), .succeeded(reply: .status(.pong))))
        session.report(.commandFinished(.device(.ping), .failed(.timedOut(attempts: 1))))
        let replies = session.replies()
        #expect(replies.map { $0["id"] as? Int } == [1, 2])
        #expect(replies.map { $0["outcome"] as? String } == ["ok", "failed"])
        #expect(replies[1]["reason"] as? String == "timed-out")
        #expect(replies[1]["message"] as? String == "no reply after 1 try")
    }

    @Test func pinSetsAndClearsAndAFailureSaysWhy() {
        let session = Session()
        let address = BLEAddress("C4:7F:51:0A:22:9E")!
        #expect(session.send(#"{"id": 1, "command": "pin", "address": "C4:7F:51:0A:22:9E"}"#) == [.submit(.bridge(.pin(address)))])
        #expect(session.send(#"{"id": 2, "command": "pin", "address": null}"#) == [.submit(.bridge(.pin(nil)))])
        #expect(session.send(#"{"id": 3, "command": "tare"}"#) == [.submit(.device(.tare))])
        session.report(.commandFinished(.bridge(.pin(address)), .succeeded(reply: nil)))
        session.report(.commandFinished(.bridge(.pin(nil)), .succeeded(reply: nil)))
        session.report(.commandFinished(.device(.tare), .failed(.sensorNotReady)))
        let replies = session.replies()
        #expect(replies[0]["address"] as? String == "C4:7F:51:0A:22:9E")
        #expect(replies[1]["address"] is NSNull)
        #expect(replies[2]["outcome"] as? String == "failed")
        #expect(replies[2]["reason"] as? String == "sensor-not-ready")
    }

    @Test func malformedAndUnknownLinesGetAnErrorEventAndTheStreamGoesOn() {
        let session = Session()
        session.report(.state(.connected))
        #expect(session.send("not json").isEmpty)
        #expect(session.send(#"{"command": "tare"}"#).isEmpty)
        #expect(session.send(#"{"id": [1], "command": "tare"}"#).isEmpty)
        #expect(session.send(#"{"id": 4, "command": "fly"}"#).isEmpty)
        #expect(session.send(#"{"id": 5, "command": "rate", "ms": 5}"#).isEmpty)
        #expect(session.send(#"{"id": 6, "command": "rate"}"#).isEmpty)
        #expect(session.send(#"{"id": 7, "command": "pin", "address": "nowhere"}"#).isEmpty)
        #expect(session.send(#"{"id": 8, "command": "mark"}"#).isEmpty)
        #expect(session.send("   ").isEmpty)
        var actions: [ConsumerAction] = []
        session.channel.receive(.error(.invalidUTF8([0xFF, 0x41])), at: session.harness.now, into: &actions)
        #expect(actions.isEmpty)
        #expect(session.send(#"{"id": 9, "command": "ping"}"#) == [.submit(.device(.ping))])
        session.report(.message(.reading(1)))
        let errors = session.events.filter { $0["event"] as? String == "error" }
        #expect(
            errors.map { $0["error"] as? String } == [
                "malformed", "malformed", "malformed", "unknown-command", "invalid-argument", "invalid-argument",
                "invalid-argument", "invalid-argument", "malformed",
            ]
        )
        #expect(errors.map { $0["id"] as? Int } == [nil, nil, nil, 4, 5, 6, 7, 8, nil])
        #expect(errors[0]["line"] as? String == "not json")
        #expect(errors[1]["message"] as? String == #"no "id": give each command an id (an integer or a string) to find its reply by"#)
        #expect(errors[3]["message"] as? String == #"unknown command "fly": known are tare, ping, rate, info, pin, mark"#)
        #expect((errors[4]["message"] as? String)?.contains("5 ms is outside 20–1000 ms") == true)
        #expect(errors[8]["line"] as? String == #"\xFFA"#)
        #expect(session.outline.last == "reading:1")
    }

    @Test func endOfInputStopsAtOnceWithNothingWaiting() {
        let session = Session()
        #expect(session.endOfInput() == [.stop])
    }

    @Test func endOfInputWaitsForTheCommandsSentThenStops() {
        let session = Session()
        session.send(#"{"id": 1, "command": "tare"}"#)
        #expect(session.endOfInput().isEmpty)
        #expect(session.channel.nextDeadline == session.harness.now + CommandChannel.drainLimit)
        #expect(session.report(.commandFinished(.device(.tare), .succeeded(reply: .status(.tared)))) == [.stop])
        #expect(session.replies().count == 1)
    }

    @Test func commandsStillWaitingAtTheDrainLimitAreAnsweredAsSessionEnded() {
        let session = Session()
        session.send(#"{"id": 1, "command": "tare"}"#)
        session.endOfInput()
        session.harness.advance(by: CommandChannel.drainLimit - .milliseconds(1))
        #expect(!session.harness.stopped)
        session.harness.advance(by: .milliseconds(1))
        #expect(session.harness.stopped)
        let reply = session.replies().first
        #expect(reply?["reason"] as? String == "session-ended")
        #expect(reply?["id"] as? Int == 1)
    }

    @Test func finishAnswersWhatIsStillWaitingWhenTheSessionEndsOtherwise() {
        let session = Session()
        session.send(#"{"id": "last", "command": "info"}"#)
        session.harness.finish()
        #expect(session.replies().map { $0["id"] as? String } == ["last"])
        #expect(session.replies().first?["outcome"] as? String == "failed")
    }

    @Test func aClosedOutputStopsTheSession() {
        let output = BatchedOutput { _ in false }
        let channel = CommandChannel(output: output, wallTime: FixedWallTime(), start: .zero, tool: "1")
        var actions: [ConsumerAction] = []
        channel.idle(into: &actions)
        #expect(actions == [.stop])
    }
}
