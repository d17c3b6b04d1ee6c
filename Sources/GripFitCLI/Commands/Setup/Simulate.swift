import ArgumentParser
import GripFitLinux
import GripFitSimulator

/// `gripfit-serial simulate`: a virtual dongle and GripFit on a pty, for demos, tests and CI.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a simulated dongle + GripFit on a pseudo-terminal.",
        discussion: """
            Prints the tty path on the first line of stdout, then runs until killed. Point any \
            command at it with --port.

            Faults: fragment (random chunking down to 1 byte), garbage (junk and malformed lines \
            after every fifth reading), drop-link (BLE disconnect every few seconds), not-ready \
            (HX711 not responding), stall (readings stop 3 s into each connection, PING unanswered), \
            stall:pong (as stall, PING answered), data-loss (after every tenth reading the bridge's queue overflows: \
            two readings lost, reported as B:ERROR,DATA_LOST), hostile-name (the last GripFit in range \
            advertises HTML and a terminal escape as its name), hostile-firmware (the GripFit reports a \
            firmware version holding a terminal escape and a backslash).

            Firmware bugs, for proving `check` catches them: wrong-rate (confirms RATE, keeps \
            streaming at 100 ms), no-tared (tares silently), slow-pong (PONG after 1.5 s), no-info \
            (ignores CMD:INFO), malformed (a corrupted R: line after every 20th reading), \
            no-reconnect (the bridge stays down after BRIDGE:DISCONNECT).

            --load sets what hangs on the handle over time (seconds since the simulator started), \
            --power-cycle switches the GripFit off and on: together they script a tare or \
            calibration check.

            --speed N compresses time: readings come every 100/N ms and squeezes, rests, the bridge's \
            delays, --load and --power-cycle times all come N times sooner (a second of the simulator's \
            time is 1/N s of the host's). A test or demo that waits for squeezes waits less; a recording's \
            --duration stays in the host's seconds. Leave it at 1 for `check`, which judges timing on \
            the host's clock.

            --native-bridge runs the real bridge firmware instead of the simulated bridge: the \
            sketch's native build (make -C firmware-bridge native) talks through its fake radio \
            to the simulated GripFit, and its USB port, a pty, is printed the same way. Exit 69 \
            when it is not built, with the command that builds it; $GRIPFIT_NATIVE_BRIDGE names \
            a build elsewhere.

            Examples:
              gripfit-serial simulate
              gripfit-serial simulate --load 0kg@0 --load 10kg@8 --power-cycle 20
              gripfit-serial simulate --fault fragment --fault garbage --pattern counter
              gripfit-serial simulate --bug slow-pong
              gripfit-serial record --simulate --speed 10 --until-release
              gripfit-serial simulate --native-bridge
            """
    )

    @OptionGroup var simulator: SimulatorArguments

    /// The GripFit alone, for the native build of the bridge firmware (firmware-bridge/README.md):
    /// its fake radio reaches the device here instead of a pty carrying a simulated bridge.
    @Option(help: .hidden)
    var serveGripfit: String?

    @Flag(help: "Run the real bridge firmware's native build (make -C firmware-bridge native) with the simulated GripFit.")
    var nativeBridge = false

    init() {}

    /// `--person` is refused here: the guided protocol cues only after a rest and a still, empty handle,
    /// and offers a flagged attempt again, so its cue times depend on the readings and on the host's
    /// clock; the cue itself travels nowhere on the serial line. A person in this process could only
    /// squeeze on a guessed timetable, and one host stall (a squeeze before the cue holds the cue back)
    /// would put every later trial's peak on the wrong trial. `record --simulate` hands each cue to
    /// its own simulator.
    func validate() throws {
        if !simulator.person.isEmpty {
            throw ValidationError(
                "--person squeezes on each cue of a guided protocol, and record hands its cues only to a simulator it runs "
                    + "itself (record --simulate); no cue crosses the serial line to this simulator, so a person here would "
                    + "squeeze out of step. Use: gripfit-serial record --simulate --protocol NAME --person right=30,32 --person left=25,24"
            )
        }
    }

    func run() throws {
        if nativeBridge {
            try NativeBridgeRig.run(options: simulator.options)
            return
        }
        if let serveGripfit {
            let server = try GripFitServer(path: serveGripfit, options: simulator.options)
            let signals = try SignalPipe()
            try withExtendedLifetime(signals) { try server.run(stop: signals.fileDescriptor) }
            return
        }
        let dongle = try VirtualDongle(options: simulator.options)
        let signals = try SignalPipe()
        StandardOutput.line(dongle.path)
        try dongle.run(signals: signals)
        let statistics = dongle.statistics
        StandardOutput.error(
            "simulator stopped: \(statistics.readingsDelivered) readings and \(statistics.garbageDelivered) garbage lines "
                + "delivered, host opened the port \(statistics.hostOpens) times"
        )
    }
}
