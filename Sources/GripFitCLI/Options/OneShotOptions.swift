import ArgumentParser

/// Options shared by the one-shot commands.
struct OneShotOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: "Give up after this many seconds (scanning and connecting included).",
        transform: SecondsOption.parser("--timeout", minimum: 0, inclusive: false)
    )
    var timeout: Double = 20

    init() {}
}
