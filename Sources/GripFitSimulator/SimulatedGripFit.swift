import GripFitCore

/// The GripFit firmware as the spec describes it (§1.3–1.5): `D:` on connect, readings every
/// 100 ms, and replies to PING, TARE, RATE and INFO. Pure: time is passed in.
public struct SimulatedGripFit: Sendable {
    public var load: SimulatedLoad = .squeezes
    public private(set) var intervalMilliseconds = 100

    private let options: SimulatorOptions
    private var curve: SqueezeCurve
    private var noise: SeededRandom
    private var tareOffset = 0
    private var bootTime: MonotonicInstant?
    private var nextReadingAt: MonotonicInstant?
    private var stallsAt: MonotonicInstant?
    private var delivered = 0

    /// How long each connection streams before a `stall` fault stops the readings.
    public static let stallAfter: Duration = .seconds(3)

    public init(options: SimulatorOptions) {
        self.options = options
        curve = SqueezeCurve(seed: options.seed)
        noise = SeededRandom(seed: options.seed &+ 0x5EED)
    }

    private var isStallFault: Bool {
        options.faults.contains(.stall) || options.faults.contains(.stallAnswersPing)
    }

    /// Readings delivered to the host so far (the `counter` pattern's last value).
    public var readingsDelivered: Int { delivered }

    /// NUS notifications were enabled: the device introduces itself and starts streaming.
    public mutating func connected(at now: MonotonicInstant) -> [String] {
        if bootTime == nil { bootTime = now }
        stallsAt = isStallFault ? now + Self.stallAfter : nil
        var lines = ["D:GRIPFIT,\(options.firmwareVersion)"]
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
    }

    public var nextDeadline: MonotonicInstant? { nextReadingAt }

    /// The readings due by `now`. With `deliver` false the host is not listening: the readings
    /// happen but are lost, as on a real bridge whose USB port is closed.
    public mutating func advance(to now: MonotonicInstant, deliver: Bool) -> [String] {
        var lines: [String] = []
        while let due = nextReadingAt, due <= now {
            nextReadingAt = due + .milliseconds(intervalMilliseconds)
            if let stallsAt, due >= stallsAt { continue }
            guard deliver else { continue }
            delivered += 1
            lines.append("R:\(reading(at: due))")
        }
        return lines
    }

    private mutating func reading(at time: MonotonicInstant) -> Int {
        if options.pattern == .counter { return delivered }
        return untaredRaw(at: time) + Int(noise.noise(standardDeviation: SimulatorScale.noiseCounts)) - tareOffset
    }

    private mutating func untaredRaw(at time: MonotonicInstant) -> Int {
        let kilograms: Double
        switch load {
        case .squeezes:
            let seconds = Double((time - (bootTime ?? time)).nanoseconds) / 1e9
            kilograms = curve.force(at: seconds)
        case .constant(let value):
            kilograms = value
        }
        return SimulatorScale.baseline + Int((kilograms * Double(SimulatorScale.countsPerKilogram)).rounded())
    }

    /// The reply to one `CMD:` line, as the firmware would send it; unknown commands are ignored.
    public mutating func command(_ line: String, at now: MonotonicInstant) -> [String] {
        let stalled = stallsAt.map { now >= $0 } ?? false
        switch line {
        case "CMD:PING":
            return stalled && !options.faults.contains(.stallAnswersPing) ? [] : ["S:PONG"]
        case "CMD:TARE":
            if options.faults.contains(.notReady) { return ["S:NOT_READY"] }
            tareOffset = untaredRaw(at: now)
            return ["S:TARED"]
        case "CMD:INFO":
            return ["D:GRIPFIT,\(options.firmwareVersion)"]
        default:
            guard line.hasPrefix("CMD:RATE:"), let ms = Int(line.dropFirst("CMD:RATE:".count)),
                SampleRate.allowedMilliseconds.contains(ms)
            else { return [] }
            intervalMilliseconds = ms
            if nextReadingAt != nil { nextReadingAt = now + .milliseconds(ms) }
            return ["S:RATE:\(ms)"]
        }
    }
}
