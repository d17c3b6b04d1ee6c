/// The throwaway PostgreSQL cluster could not be made, started or asked something.
public struct TestPostgresError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
