import GripFitOutput

/// The `id` a program gives a command on the command channel, echoed in the command's reply as it
/// was sent: an integer stays an integer, a string a string.
public enum ChannelRequestID: Hashable, Sendable {
    case integer(Int)
    case string(String)

    /// Sets `key` of `object` to the id as it was sent.
    func set(_ key: String, in object: inout JSONObject) {
        switch self {
        case .integer(let value): object.set(key, value)
        case .string(let value): object.set(key, value)
        }
    }
}
