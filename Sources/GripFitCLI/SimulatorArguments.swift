import ArgumentParser
import GripFitSimulator

extension SimulatorFault: ExpressibleByArgument {
    public init?(argument: String) {
        guard let fault = Self.allCases.first(where: { $0.description == argument }) else { return nil }
        self = fault
    }

    public static var allValueStrings: [String] { allCases.map(\.description) }
}

extension SimulatorOptions.Pattern: ExpressibleByArgument {}

/// How the built-in simulator behaves, shared by `simulate` and every `--simulate`.
public struct SimulatorArguments: ParsableArguments {
    @Option(name: .customLong("fault"), help: "Inject a fault into the simulator (repeatable).")
    public var faults: [SimulatorFault] = []

    @Option(help: "What simulated readings show: squeeze-shaped force, or a counter for tests.")
    public var pattern: SimulatorOptions.Pattern = .squeeze

    @Option(help: "Seed for the simulator's randomness, to replay a run exactly.")
    public var seed: UInt64 = 1

    public init() {}

    public var options: SimulatorOptions {
        var options = SimulatorOptions()
        options.faults = Set(faults)
        options.pattern = pattern
        options.seed = seed
        return options
    }
}
