/// Why a line on the command channel is not a command: answered by an `error` event naming the
/// problem and the fix (docs/command-channel.md), and the session goes on.
public struct ChannelError: Error, Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// Not one JSON object with an `id` and a `command`: the line is echoed, escaped.
        case malformed
        case unknownCommand = "unknown-command"
        /// A known command with a missing or wrong argument (`ms`, `address`, `label`).
        case invalidArgument = "invalid-argument"
        /// Reading the commands failed; the channel ends as at end of file.
        case inputFailed = "input-failed"
    }

    public var kind: Kind
    /// The command's id, when the line had a readable one.
    public var id: ChannelRequestID?
    public var message: String
    /// The line as it arrived, for a malformed one.
    public var line: [UInt8]?

    public init(_ kind: Kind, id: ChannelRequestID? = nil, _ message: String, line: [UInt8]? = nil) {
        self.kind = kind
        self.id = id
        self.message = message
        self.line = line
    }
}
