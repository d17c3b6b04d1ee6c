/// umockdev refused a fixture or a script, or could not be loaded.
public struct TestbedError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
