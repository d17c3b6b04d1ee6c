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
        help: ArgumentHelp(
            "A simulated person who squeezes on each cue of record --protocol: the peaks of one hand's trials in the "
                + "order they are cued, practice first (repeatable, one per hand, e.g. --person right=30,32,31 --person left=25,24,26).",
            valueName: "hand=kg,kg,..."
        )
    )
    var person: [PersonPeaks] = []

    @Option(name: .customLong("person-reaction"), help: "With --person: seconds from the cue to the start of the squeeze (default 0.5).")
    var personReaction: Double = 0.5

    @Option(name: .customLong("person-rise"), help: "With --person: seconds the force rises, linearly, to the peak (default 0.5).")
    var personRise: Double = 0.5

    @Option(name: .customLong("person-hold"), help: "With --person: seconds the grip is held after the peak (default 1.5).")
    var personHold: Double = 1.5

    @Option(name: .customLong("person-fade"), help: "With --person: per cent of the peak lost per second of the hold (default 0).")
    var personFade: Double = 0

    @Option(name: .customLong("person-release"), help: "With --person: kilograms per second while letting go (default 100).")
    var personRelease: Double = 100

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
                + "--load and --power-cycle times, and a guided protocol's cues and rests all come sooner, for demos "
                + "and tests that wait for squeezes (--duration stays in the host's seconds).",
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
        try validatePerson()
        if let bad = powerCycles.first(where: { !($0 >= 0 && $0 <= 86_400) }) {
            throw ValidationError("--power-cycle \(bad): give seconds after the simulator started, from 0 to 86400.")
        }
    }

    /// Whether any `--person-*` option differs from its default.
    private var personShaped: Bool {
        personReaction != 0.5 || personRise != 0.5 || personHold != 1.5 || personFade != 0 || personRelease != 100
    }

    private func validatePerson() throws {
        if person.isEmpty, personShaped {
            throw ValidationError("--person-reaction, -rise, -hold, -fade and -release shape --person's squeezes; add --person.")
        }
        if !person.isEmpty, !load.isEmpty { throw ValidationError("--person and --load both set the force on the handle; give one.") }
        if Set(person.map(\.hand)).count != person.count {
            throw ValidationError("--person: give each hand once (--person right=… --person left=…).")
        }
        for (name, value, range) in [
            ("--person-reaction", personReaction, 0.0...10), ("--person-rise", personRise, 0.01...10),
            ("--person-hold", personHold, 0.0...120),
            ("--person-fade", personFade, 0.0...100), ("--person-release", personRelease, 0.1...10_000),
        ] where !range.contains(value) {
            throw ValidationError(
                "\(name) \(value): give \(range.lowerBound.formatted(decimals: 2)) to \(range.upperBound.formatted(decimals: 0))."
            )
        }
    }

    /// The scripted person, if `--person` gave one.
    var scriptedPerson: SimulatedPerson? {
        guard !person.isEmpty else { return nil }
        var scripted = SimulatedPerson(peaks: Dictionary(uniqueKeysWithValues: person.map { ($0.hand, $0.kilograms) }))
        scripted.reaction = personReaction
        scripted.rise = personRise
        scripted.hold = personHold
        scripted.fade = personFade
        scripted.release = personRelease
        return scripted
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
        options.person = scriptedPerson
        options.plainRelay = plainRelay
        return options
    }
}
