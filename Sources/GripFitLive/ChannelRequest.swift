import Foundation
import GripFitCore

/// One command a program sent on the command channel (docs/command-channel.md): its id, its name
/// and what it asks of the session. Parsed here, so the channel only ever sees a valid request or
/// a ``ChannelError`` that names what is wrong; the command itself is written by the driver through
/// the one `CommandEncoder`, as every other command is.
public struct ChannelRequest: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        /// A command for the dongle or the GripFit behind it.
        case command(Command)
        /// A label put into the stream where the line arrived; nothing is sent.
        case mark(String)
    }

    /// The names a program may send, in the documentation's order.
    public static let names = ["tare", "ping", "rate", "info", "pin", "mark"]

    public var id: ChannelRequestID
    /// The command's name as sent (`"tare"`), echoed in its reply.
    public var name: String
    public var action: Action

    public init(id: ChannelRequestID, name: String, action: Action) {
        self.id = id
        self.name = name
        self.action = action
    }

    /// One line without its newline. Unknown fields are ignored, so a newer program can add some.
    public static func parse(_ line: String) throws(ChannelError) -> ChannelRequest {
        let fields: [String: Value]
        do {
            fields = try JSONDecoder().decode([String: Value].self, from: Data(line.utf8))
        } catch {
            throw ChannelError(
                .malformed,
                #"not a JSON object: send one object per line, such as {"id": 1, "command": "ping"}"#,
                line: Array(line.utf8)
            )
        }
        let id: ChannelRequestID
        switch fields["id"] {
        case .integer(let value): id = .integer(value)
        case .string(let value): id = .string(value)
        case nil, .null:
            throw ChannelError(
                .malformed,
                #"no "id": give each command an id (an integer or a string) to find its reply by"#,
                line: Array(line.utf8)
            )
        default:
            throw ChannelError(.malformed, #""id" must be an integer or a string"#, line: Array(line.utf8))
        }
        guard case .string(let name) = fields["command"] else {
            throw ChannelError(
                .malformed,
                id: id,
                #"no "command" string: send one of "# + names.joined(separator: ", "),
                line: Array(line.utf8)
            )
        }
        return ChannelRequest(id: id, name: name, action: try action(name, fields, id: id))
    }

    private static func action(_ name: String, _ fields: [String: Value], id: ChannelRequestID) throws(ChannelError) -> Action {
        switch name {
        case "tare": return .command(.device(.tare))
        case "ping": return .command(.device(.ping))
        case "info": return .command(.device(.info))
        case "rate":
            guard case .integer(let milliseconds) = fields["ms"] else {
                throw ChannelError(.invalidArgument, id: id, #"rate needs "ms", the sample interval: an integer from 20 to 1000"#)
            }
            do {
                return .command(.device(.rate(try SampleRate(milliseconds: milliseconds))))
            } catch {
                throw ChannelError(.invalidArgument, id: id, "\(error): give \"ms\" from 20 to 1000")
            }
        case "pin":
            switch fields["address"] {
            case nil, .null:
                return .command(.bridge(.pin(nil)))
            case .string(let text):
                if let address = BLEAddress(text) { return .command(.bridge(.pin(address))) }
                fallthrough
            default:
                throw ChannelError(
                    .invalidArgument,
                    id: id,
                    #""address" must be a GripFit's BLE address such as "C4:7F:51:0A:22:9E", or null to clear the pin"#
                )
            }
        case "mark":
            guard case .string(let label) = fields["label"] else {
                throw ChannelError(.invalidArgument, id: id, #"mark needs "label", a string to put into the stream"#)
            }
            return .mark(label)
        default:
            throw ChannelError(
                .unknownCommand,
                id: id,
                "unknown command \"\(name)\": known are " + names.joined(separator: ", ")
            )
        }
    }

    /// A field's value as far as the channel reads it: arrays and objects are only `nested`.
    private enum Value: Decodable, Equatable {
        case null
        case bool(Bool)
        case integer(Int)
        case number(Double)
        case string(String)
        case nested

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Int.self) {
                self = .integer(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else {
                self = .nested
            }
        }
    }
}
