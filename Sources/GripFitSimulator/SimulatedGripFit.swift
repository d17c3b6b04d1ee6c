import GripFitCore

/// The GripFit firmware as the spec describes it (§1.3–1.5): `D:` on connect, readings every
/// 100 ms, and replies to PING, TARE, RATE and INFO. Pure: time is passed in.
public struct SimulatedGripFit: Sendable {
    public var load: SimulatedLoad = .squeezes
    /// When set, the force on the handle is this person's, squeezing on each cue.
    public var person: SimulatedPerson?
    public private(set) var intervalMilliseconds = 100

    private let options: SimulatorOptions
    private var curve: SqueezeCurve
    private var noise: SeededRandom
    private var tareOffset = 0
    private var startedAt: MonotonicInstant?
    private var bootTime: MonotonicInstant?
    private var nextReadingAt: MonotonicInstant?
    private var stallsAt: MonotonicInstant?
    private var delivered = 0
    private var pongsDue: [MonotonicInstant] = []

    /// How long each connection streams before a `stall` fault stops the readings.
    public static let stallAfter: Duration = .seconds(3)
    /// How late a `slow-pong` device answers PING: beyond any sensible latency bound, within the retry.
    public static let slowPongDelay: Duration = .milliseconds(1500)
    /// A `malformed` device corrupts one line after this many readings.
    public static let malformedEvery = 20

    /// With the `hostileFirmware` fault: an escape sequence that turns a terminal red if printed raw,
    /// and a backslash, which a second escaping would double.
    public static let hostileFirmware = "1.0\u{1B}[31m\\x"

    /// The version `D:` reports.
    private var firmware: String {
        options.faults.contains(.hostileFirmware) ? Self.hostileFirmware : options.firmwareVersion
    }

    public init(options: SimulatorOptions) {
        self.options = options
        load = options.load
        person = options.person
        curve = SqueezeCurve(seed: options.seed)
        noise = SeededRandom(seed: options.seed &+ 0x5EED)
    }

    private var isStallFault: Bool {
        options.faults.contains(.stall) || options.faults.contains(.stallAnswersPing)
    }

    /// Readings delivered to the host so far (the `counter` pattern's last value).
    public var readingsDelivered: Int { delivered }

    /// `CMD:PING`s received, answered or not: a test counts what went out on the wire.
    public private(set) var pingsReceived = 0

    /// The simulator started: the clock a load schedule counts from.
    public mutating func started(at now: MonotonicInstant) {
        startedAt = now
    }

    /// The battery was pulled and put back: the firmware forgets its tare and rate, as a reboot does.
    /// The caller drops the BLE link first.
    public mutating func powerCycled() {
        disconnected()
        tareOffset = 0
        intervalMilliseconds = 100
        bootTime = nil
    }

    /// NUS notifications were enabled: the device introduces itself and starts streaming.
    public mutating func connected(at now: MonotonicInstant) -> [String] {
        if bootTime == nil { bootTime = now }
        stallsAt = isStallFault ? now + Self.stallAfter : nil
        var lines = ["D:GRIPFIT,\(firmware)"]
        if options.faults.contains(.notReady) {
            lines.append("S:NOT_READY")
            nextReadingAt = nil
        } else {
            lines.append("S:READY")
            nextReadingAt = now + .milliseconds(intervalMilliseconds)
        }
        return lines
    }

    public mutating func disconnected() {
        nextReadingAt = nil
        stallsAt = nil
        pongsDue = []
    }

    public var nextDeadline: MonotonicInstant? { [nextReadingAt, pongsDue.first].compactMap { $0 }.min() }

    /// The readings (and late PONGs) due by `now`. With `deliver` false the host is not listening:
    /// the lines happen but are lost, as on a real bridge whose USB port is closed.
    public mutating func advance(to now: MonotonicInstant, deliver: Bool) -> [String] {
        var lines: [String] = []
        while let due = nextDeadline, due <= now {
            if let pong = pongsDue.first, pong == due {
                pongsDue.removeFirst()
                if deliver { lines.append("S:PONG") }
                continue
            }
            nextReadingAt = due + .milliseconds(intervalMilliseconds)
            if let stallsAt, due >= stallsAt { continue }
            guard deliver else { continue }
            delivered += 1
            let value = reading(at: due)
            lines.append("R:\(value)")
            if options.bugs.contains(.malformed), delivered % Self.malformedEvery == 0 {
                lines.append("R:\(value / 1000)x\(abs(value % 1000))")
            }
        }
        return lines
    }

    private mutating func reading(at time: MonotonicInstant) -> Int {
        if options.pattern == .counter { return delivered }
        return untaredRaw(at: time) + Int(noise.noise(standardDeviation: SimulatorScale.noiseCounts)) - tareOffset
    }

    private mutating func untaredRaw(at time: MonotonicInstant) -> Int {
        let sinceStart = (time - (startedAt ?? time)).seconds
        let sinceBoot = (time - (bootTime ?? time)).seconds
        let kilograms = person?.kilograms(atSecond: sinceStart) ?? load.kilograms(atSecond: sinceStart) ?? curve.force(at: sinceBoot)
        return SimulatorScale.baseline + Int((kilograms * Double(SimulatorScale.countsPerKilogram)).rounded())
    }

    /// A guided protocol cued the person to squeeze with `hand` for its `slot`-th trial, at `now`.
    public mutating func cue(_ hand: Hand, slot: Int, at now: MonotonicInstant) {
        person?.cue(hand, slot: slot, atSecond: (now - (startedAt ?? now)).seconds)
    }

    /// The reply to one `CMD:` line, as the firmware would send it; unknown commands are ignored.
    public mutating func command(_ line: String, at now: MonotonicInstant) -> [String] {
        let stalled = stallsAt.map { now >= $0 } ?? false
        switch line {
        case "CMD:PING":
            pingsReceived += 1
            if stalled && !options.faults.contains(.stallAnswersPing) { return [] }
            if options.bugs.contains(.slowPong) {
                pongsDue.append(now + Self.slowPongDelay)
                return []
            }
            return ["S:PONG"]
        case "CMD:TARE":
            if options.faults.contains(.notReady) { return ["S:NOT_READY"] }
            tareOffset = untaredRaw(at: now)
            return options.bugs.contains(.noTared) ? [] : ["S:TARED"]
        case "CMD:INFO":
            return options.bugs.contains(.noInfo) ? [] : ["D:GRIPFIT,\(firmware)"]
        default:
            guard line.hasPrefix("CMD:RATE:"), let ms = Int(line.dropFirst("CMD:RATE:".count)),
                SampleRate.allowedMilliseconds.contains(ms)
            else { return [] }
            if options.bugs.contains(.wrongRate) { return ["S:RATE:\(ms)"] }
            intervalMilliseconds = ms
            if nextReadingAt != nil { nextReadingAt = now + .milliseconds(ms) }
            return ["S:RATE:\(ms)"]
        }
    }
}
