import ArgumentParser

/// Options shared by the one-shot commands.
public struct OneShotOptions: ParsableArguments {
    @Option(help: "Give up after this many seconds (scanning and connecting included).")
    public var timeout: Double = 20

    public init() {}

    public func validate() throws {
        if !(timeout > 0) { throw ValidationError("--timeout must be a positive number of seconds.") }
    }
}
