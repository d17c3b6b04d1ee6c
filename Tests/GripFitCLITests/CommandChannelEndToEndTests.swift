import Foundation
import Testing

/// `monitor --format jsonl --commands -` through the binary on its simulator (issue 35): each
/// command, a malformed line and an unknown command sent into a running session, the replies'
/// ids, outcomes and places among the readings checked, end of input ending the session with 0,
/// and every line written checked against docs/command-channel.schema.json.
@Suite(.waitsOnProcesses, .serialized) struct CommandChannelEndToEndTests {
    static let schemaPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/command-channel.schema.json").path

    /// The session's events as they come, the index each arrived at kept, so order can be checked.
    final class Channel {
        let cli: RunningCLI
        var lines: [String] = []
        var events: [Event] = []
        let deadline = Date().addingTimeInterval(120)

        init(_ extra: [String] = []) throws {
            cli = try RunningCLI(["monitor", "--simulate", "--format", "jsonl", "--commands", "-"] + extra, writesInput: true)
        }

        /// Reads events until one satisfies `done`; returns its index, nil at end of file or the deadline.
        @discardableResult
        func read(until done: (Event) -> Bool) throws -> Int? {
            while let line = cli.nextLine(before: deadline) {
                lines.append(line)
                events.append(try Event(line))
                if done(events[events.count - 1]) { return events.count - 1 }
            }
            return nil
        }

        func readings(after index: Int, count: Int) throws -> Int? {
            var seen = 0
            return try read { event in
                if event.kind == "reading", events.count - 1 > index { seen += 1 }
                return seen >= count
            }
        }

        /// Sends `line`, then reads to the event for `id`: its index and the index of the last
        /// event read before the line went out.
        func exchange(_ line: String, id: Int) throws -> (sent: Int, answer: Int?) {
            let sent = events.count - 1
            cli.send(line)
            let answer = try read { $0["id"] as? Int == id }
            return (sent, answer)
        }

        func index(of kind: String, _ key: String, _ value: String, between range: ClosedRange<Int>) -> Int? {
            range.last { events[$0].kind == kind && events[$0][key] as? String == value }
        }
    }

    @Test func eachCommandIsAnsweredWithItsIdAmongTheReadingsAndEndOfInputEndsTheSession() throws {
        let channel = try Channel()
        let first = try #require(try channel.read { $0.kind == "reading" })
        let session = channel.events[0]
        #expect(session.kind == "session")
        #expect(session["schema"] as? Int == 1)
        #expect(session["commands"] as? [String] == ["tare", "ping", "rate", "info", "pin", "mark"])
        #expect(channel.events.dropFirst().allSatisfy { $0.kind != "session" })

        // tare: its reply right after the TARED status that ended it.
        let tare = try channel.exchange(#"{"id": 1, "command": "tare"}"#, id: 1)
        let tareReply = try #require(tare.answer)
        #expect(tare.sent >= first)
        #expect(channel.events[tareReply]["outcome"] as? String == "ok")
        #expect(channel.events[tareReply]["command"] as? String == "tare")
        #expect(channel.index(of: "status", "status", "TARED", between: tare.sent...tareReply) == tareReply - 1)

        let ping = try channel.exchange(#"{"id": 2, "command": "ping"}"#, id: 2)
        let pingReply = try #require(ping.answer)
        #expect(channel.events[pingReply]["outcome"] as? String == "ok")
        #expect(channel.events[pingReply]["round_trip_ms"] is Double || channel.events[pingReply]["round_trip_ms"] is Int)
        #expect(channel.index(of: "status", "status", "PONG", between: ping.sent...pingReply) != nil)

        let rate = try channel.exchange(#"{"id": 3, "command": "rate", "ms": 50}"#, id: 3)
        let rateReply = try #require(rate.answer)
        #expect(channel.events[rateReply]["outcome"] as? String == "ok")
        #expect(channel.events[rateReply]["rate_ms"] as? Int == 50)
        #expect(channel.index(of: "status", "status", "RATE", between: rate.sent...rateReply) == rateReply - 1)

        let info = try channel.exchange(#"{"id": 4, "command": "info"}"#, id: 4)
        let infoReply = try #require(info.answer)
        #expect(channel.events[infoReply]["firmware"] as? String == "1.0")
        #expect(channel.events[infoReply]["name"] as? String == "GRIPFIT")
        #expect(channel.events[infoReply]["bridge_version"] is String)
        #expect(channel.index(of: "device", "name", "GRIPFIT", between: info.sent...infoReply) == infoReply - 1)

        let pin = try channel.exchange(#"{"id": 5, "command": "pin", "address": "C0:FF:EE:00:00:01"}"#, id: 5)
        let pinReply = try #require(pin.answer)
        #expect(channel.events[pinReply]["outcome"] as? String == "ok")
        #expect(channel.events[pinReply]["address"] as? String == "C0:FF:EE:00:00:01")

        // mark: answered where the line arrived, between the readings before and after it.
        let before = try #require(try channel.readings(after: pinReply, count: 2))
        let mark = try channel.exchange(#"{"id": 6, "command": "mark", "label": "squeeze now"}"#, id: 6)
        let markReply = try #require(mark.answer)
        #expect(channel.events[markReply]["label"] as? String == "squeeze now")
        #expect(markReply > before)

        // A malformed line and an unknown command: an error event each, and the stream goes on.
        channel.cli.send("{oops")
        let malformed = try #require(try channel.read { $0.kind == "error" })
        #expect(channel.events[malformed]["error"] as? String == "malformed")
        #expect(channel.events[malformed]["line"] as? String == "{oops")
        let unknown = try channel.exchange(#"{"id": 8, "command": "fly"}"#, id: 8)
        let unknownError = try #require(unknown.answer)
        #expect(channel.events[unknownError]["event"] as? String == "error")
        #expect(channel.events[unknownError]["error"] as? String == "unknown-command")
        #expect((channel.events[unknownError]["message"] as? String)?.contains("fly") == true)
        #expect(try channel.readings(after: unknownError, count: 3) != nil)

        // Every reply in the order sent, each after the line that asked for it.
        let replies = channel.events.enumerated().filter { $0.element.kind == "reply" }
        #expect(replies.map { $0.element["id"] as? Int } == [1, 2, 3, 4, 5, 6])
        for (sent, answer) in [(tare.sent, tareReply), (ping.sent, pingReply), (rate.sent, rateReply), (info.sent, infoReply)] {
            #expect(answer > sent)
        }

        channel.cli.closeInput()
        #expect(try channel.read { _ in false } == nil)
        let end = channel.cli.wait()
        #expect(end.status == 0, "\(end.stderr)")
        try Self.expectValid(channel.lines)
    }

    /// A script's whole input at once: every command is answered before end of input ends the session.
    @Test func commandsPipedInAtOnceAreAllAnsweredBeforeTheSessionEnds() throws {
        let channel = try Channel()
        channel.cli.send(#"{"id": "a", "command": "info"}"#)
        channel.cli.send(#"{"id": "b", "command": "ping"}"#)
        channel.cli.send(#"{"id": "c", "command": "rate", "ms": 5}"#)
        channel.cli.closeInput()
        #expect(try channel.read { _ in false } == nil)
        let end = channel.cli.wait()
        #expect(end.status == 0, "\(end.stderr)")
        let answered = channel.events.filter { $0["id"] != nil }
        #expect(answered.map { $0["id"] as? String } == ["c", "a", "b"])
        #expect(answered.map(\.kind) == ["error", "reply", "reply"])
        #expect(answered.dropFirst().allSatisfy { $0["outcome"] as? String == "ok" })
        try Self.expectValid(channel.lines)
    }

    /// Refused by the parse, before the session: in-process (issue 32).
    @Test func theOptionSaysWhatItNeeds() throws {
        let text = InProcessParse.run(["monitor", "--simulate", "--commands", "-"])
        #expect(text.status == 64)
        #expect(text.stderr.contains("--commands answers in JSON lines: add --format jsonl."))
        let file = InProcessParse.run(["monitor", "--simulate", "--format", "jsonl", "--commands", "cmds.txt"])
        #expect(file.status == 64)
        #expect(file.stderr.contains("--commands reads stdin only: give --commands -."))
    }

    /// The validator is no rubber stamp: lines the schema forbids are refused, each for its reason.
    @Test func theSchemaRefusesWhatTheDocumentationForbids() throws {
        let schema = try JSONSchemaSubset(path: Self.schemaPath)
        let time = "2026-11-18T11:06:41.000Z"
        #expect(schema.problems(#"{"event":"reply","time":"\#(time)","id":1,"command":"tare","outcome":"ok"}"#).isEmpty)
        #expect(!schema.problems(#"{"event":"reply","time":"\#(time)","command":"tare","outcome":"ok"}"#).isEmpty)
        #expect(!schema.problems(#"{"event":"reply","time":"\#(time)","id":1.5,"command":"tare","outcome":"ok"}"#).isEmpty)
        #expect(!schema.problems(#"{"event":"reply","time":"\#(time)","id":1,"command":"tare","outcome":"maybe"}"#).isEmpty)
        #expect(!schema.problems(#"{"event":"reading","time":"\#(time)","raw":1,"extra":true}"#).isEmpty)
        #expect(!schema.problems(#"{"event":"reading","time":"yesterday","raw":1}"#).isEmpty)
        #expect(!schema.problems(#"{"event":"session","time":"\#(time)","schema":2,"tool":"0","commands":[]}"#).isEmpty)
        #expect(!schema.problems(#"{"event":"launch","time":"\#(time)"}"#).isEmpty)
    }

    static func expectValid(_ lines: [String]) throws {
        let schema = try JSONSchemaSubset(path: schemaPath)
        #expect(!lines.isEmpty)
        for line in lines {
            let problems = schema.problems(line)
            #expect(problems.isEmpty, "\(line): \(problems)")
        }
    }
}
