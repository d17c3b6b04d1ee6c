/// A recording that could not be saved: the message says where its readings went instead (a
/// rescue file, or the terminal); `cause` is the save's own error, from which the CLI takes its
/// exit status.
public struct SessionSaveError: Error, CustomStringConvertible {
    public let message: String
    public let cause: any Error

    public init(_ message: String, cause: any Error) {
        self.message = message
        self.cause = cause
    }

    public var description: String { message }
}
