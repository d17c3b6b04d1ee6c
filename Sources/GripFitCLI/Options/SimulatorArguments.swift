import ArgumentParser
import GripFitCore
import GripFitSimulator

/// How the built-in simulator behaves, shared by `simulate` and every `--simulate`.
struct SimulatorArguments: ParsableArguments {
    @Option(name: .customLong("fault"), help: "Inject a fault into the simulator (repeatable).")
    var faults: [SimulatorFault] = []

    @Option(name: .customLong("bug"), help: "Give the simulated firmware a protocol bug that `check` must catch (repeatable).")
    var bugs: [SimulatorBug] = []

    @Option(help: "What simulated readings show: squeeze-shaped force, or a counter for tests.")
    var pattern: SimulatorOptions.Pattern = .squeeze

    @Option(help: "Seed for the simulator's randomness, to replay a run exactly.")
    var seed: UInt64 = 1

    @Option(
        help: ArgumentHelp(
            "Hang a load on the simulated sensor instead of squeezes: 10kg from the start, or 10kg@8 from 8 s "
                + "after the simulator started (repeatable, e.g. --load 0kg@0 --load 10kg@8).",
            valueName: "force[@seconds]"
        )
    )
    var load: [LoadStep] = []

    @Option(
        name: .customLong("power-cycle"),
        help: ArgumentHelp(
            "Switch the simulated GripFit off and on this many seconds after the start: its link drops, "
                + "it forgets its tare, the bridge reconnects (repeatable).",
            valueName: "seconds"
        )
    )
    var powerCycles: [Double] = []

    @Flag(help: "Act as a plain USB-serial relay instead of the bridge: device lines only, no B: lines.")
    var plainRelay = false

    @Option(help: "How many simulated GripFits are in range (1 or 2), to try `scan` and `--device`.")
    var gripfits = 1

    @Option(
        help: ArgumentHelp(
            "Run the simulator this many times faster than real time (0.1 to 100): readings, squeezes, rests, "
                + "--load and --power-cycle times all come sooner, for demos and tests that wait for squeezes.",
            valueName: "factor"
        )
    )
    var speed: Double = 1

    init() {}

    func validate() throws {
        if !(1...2).contains(gripfits) { throw ValidationError("--gripfits must be 1 or 2.") }
        if !(speed >= 0.1 && speed <= 100) {
            throw ValidationError("--speed \(speed): give how many times faster than real time, from 0.1 to 100.")
        }
        if let bad = powerCycles.first(where: { !($0 >= 0 && $0 <= 86_400) }) {
            throw ValidationError("--power-cycle \(bad): give seconds after the simulator started, from 0 to 86400.")
        }
    }

    var options: SimulatorOptions {
        var options = SimulatorOptions()
        options.faults = Set(faults)
        options.bugs = Set(bugs)
        options.pattern = pattern
        options.seed = seed
        options.speed = speed
        if gripfits == 2 { options.otherAddresses = ["C0:FF:EE:00:00:02"] }
        if !load.isEmpty { options.load = .schedule(load.sorted { $0.seconds < $1.seconds }) }
        options.powerCycles = powerCycles
        options.plainRelay = plainRelay
        return options
    }
}
