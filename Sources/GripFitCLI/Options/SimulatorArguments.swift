import ArgumentParser
import GripFitCore
import GripFitSimulator

extension SimulatorFault: ExpressibleByArgument {
    public init?(argument: String) {
        guard let fault = Self.allCases.first(where: { $0.description == argument }) else { return nil }
        self = fault
    }

    public static var allValueStrings: [String] { allCases.map(\.description) }
}

extension SimulatorBug: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.description) }
}

extension SimulatorOptions.Pattern: ExpressibleByArgument {}

/// How the built-in simulator behaves, shared by `simulate` and every `--simulate`.
public struct SimulatorArguments: ParsableArguments {
    @Option(name: .customLong("fault"), help: "Inject a fault into the simulator (repeatable).")
    public var faults: [SimulatorFault] = []

    @Option(name: .customLong("bug"), help: "Give the simulated firmware a protocol bug that `check` must catch (repeatable).")
    public var bugs: [SimulatorBug] = []

    @Option(help: "What simulated readings show: squeeze-shaped force, or a counter for tests.")
    public var pattern: SimulatorOptions.Pattern = .squeeze

    @Option(help: "Seed for the simulator's randomness, to replay a run exactly.")
    public var seed: UInt64 = 1

    @Option(
        help: ArgumentHelp(
            "Hang a constant load on the simulated sensor instead of squeezes (e.g. 10kg), to check a calibration.",
            valueName: "force"))
    public var load: ForceQuantity?

    @Option(help: "How many simulated GripFits are in range (1 or 2), to try `scan` and `--device`.")
    public var gripfits = 1

    public init() {}

    public func validate() throws {
        if !(1...2).contains(gripfits) { throw ValidationError("--gripfits must be 1 or 2.") }
    }

    public var options: SimulatorOptions {
        var options = SimulatorOptions()
        options.faults = Set(faults)
        options.bugs = Set(bugs)
        options.pattern = pattern
        options.seed = seed
        if gripfits == 2 { options.otherAddresses = ["C0:FF:EE:00:00:02"] }
        if let load { options.load = .constant(kilograms: load.kilograms) }
        return options
    }
}
