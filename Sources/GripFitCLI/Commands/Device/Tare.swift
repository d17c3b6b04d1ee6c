import ArgumentParser
import GripFitCore

/// `gripfit-serial tare`: zero the scale at the current load.
public struct Tare: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Zero the GripFit at its current load (CMD:TARE).",
        discussion: "Exits 0 on S:TARED; 74 when the device answers S:NOT_READY (sensor fault).")

    @OptionGroup public var connection: ConnectionOptions
    @OptionGroup public var oneShot: OneShotOptions

    public init() {}

    public func run() throws {
        _ = try OneShot.run(.device(.tare), connection: connection, timeout: oneShot.timeout)
        StandardOutput.line("tared")
    }
}
