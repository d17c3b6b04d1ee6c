import GripFitCore

/// The dongle's firmware as firmware-bridge/PROTOCOL.md describes it, around a ``SimulatedGripFit``:
/// scan → found → connect with realistic delays, relay whole device lines, answer `BRIDGE:` commands,
/// and inject the configured faults. Pure: the caller passes time and host lines, and writes
/// the returned bytes to the pty.
public struct SimulatedBridge: Sendable {
    private enum Phase: Equatable, Sendable {
        case idle
        case scanning
        case connecting
        case connected
        /// Backing off before the next scan.
        case waiting
    }

    /// Time from scan start to the advertisement, and from connect to notifications enabled.
    public static let discoveryDelay: Duration = .milliseconds(400)
    public static let connectDelay: Duration = .milliseconds(400)
    /// With the `dataLoss` fault: after every `lossEvery`-th reading the next `readingsPerLoss` are lost.
    static let lossEvery = 10
    static let readingsPerLoss = 2

    public var device: SimulatedGripFit
    public private(set) var garbageDelivered = 0

    private let options: SimulatorOptions
    private var random: SeededRandom
    private var phase: Phase = .idle
    private var phaseDeadline: MonotonicInstant?
    private var helloAt: MonotonicInstant?
    private var readingsToLose = 0
    private var bytesLost = 0
    private var hostPresent = false
    private var autoConnect = true
    private var pinned: String?
    /// The GripFit being connected or connected to.
    private var peer: String
    private var reconnect = Backoff()
    private var powerCycles: [MonotonicInstant] = []

    public init(options: SimulatorOptions) {
        self.options = options
        device = SimulatedGripFit(options: options)
        peer = options.address
        random = SeededRandom(seed: options.seed &+ 0xB41D)
    }

    /// Powers up: the bridge starts scanning at once, whether or not a host is listening.
    public mutating func start(at now: MonotonicInstant) -> [[UInt8]] {
        device.started(at: now)
        powerCycles = options.powerCycles.sorted().map { now + Duration(seconds: $0) }
        return startScan(now)
    }

    public var nextDeadline: MonotonicInstant? {
        [phaseDeadline, helloAt, device.nextDeadline, powerCycles.first].compactMap { $0 }.min()
    }

    /// The host opened the port (DTR rose). The real bridge says hello as soon as it sees the edge,
    /// usually before the host has put the port into raw mode; so does this one.
    public mutating func hostOpened(at now: MonotonicInstant) {
        hostPresent = true
        helloAt = now
    }

    public mutating func hostClosed() {
        hostPresent = false
        helloAt = nil
    }

    public mutating func advance(to now: MonotonicInstant) -> [[UInt8]] {
        var output: [[UInt8]] = []
        while let due = nextDeadline, due <= now {
            if let helloAt, helloAt == due {
                self.helloAt = nil
                output.append(line("B:BRIDGE,\(options.bridgeVersion)"))
            } else if let phaseDeadline, phaseDeadline == due {
                self.phaseDeadline = nil
                output += phaseDeadlinePassed(due)
            } else if let powerCycle = powerCycles.first, powerCycle == due {
                powerCycles.removeFirst()
                output += powerCycleDevice(at: due)
            } else {
                for reading in device.advance(to: due, deliver: hostPresent) {
                    if readingsToLose > 0, reading.hasPrefix("R:") {
                        output += lose(reading)
                        continue
                    }
                    output.append(line(reading))
                    if options.faults.contains(.dataLoss), reading.hasPrefix("R:"),
                        device.readingsDelivered % Self.lossEvery == 0
                    {
                        readingsToLose = Self.readingsPerLoss
                    }
                    // After every fifth reading, never after a pong: one bad line per five readings, so a
                    // reader can tell each warning's place.
                    if options.faults.contains(.garbage), reading.hasPrefix("R:"), device.readingsDelivered % 5 == 0 {
                        garbageDelivered += 1
                        output.append(GarbageLine.pick(using: &random))
                    }
                }
            }
        }
        return output
    }

    /// The bridge drops `reading`; once the run of lost readings ends it says how many bytes went.
    private mutating func lose(_ reading: String) -> [[UInt8]] {
        readingsToLose -= 1
        bytesLost += reading.utf8.count + 1
        guard readingsToLose == 0 else { return [] }
        defer { bytesLost = 0 }
        return [line("B:ERROR,DATA_LOST,\(bytesLost)")]
    }

    /// One complete line from the host.
    public mutating func hostLine(_ text: String, at now: MonotonicInstant) -> [[UInt8]] {
        // Blank lines and the bridge's own lines echoed back by a tty still in cooked mode.
        if text.isEmpty || text.hasPrefix("B:") { return [] }
        if text.hasPrefix("CMD:") {
            guard phase == .connected else { return [line("B:ERROR,NOT_CONNECTED")] }
            return device.command(text, at: now).map(line)
        }
        let (word, argument) = text.splitOnceAtComma()
        switch word {
        case "BRIDGE:INFO":
            return [line("B:BRIDGE,\(options.bridgeVersion)")]
        case "BRIDGE:STATUS":
            switch phase {
            case .idle, .waiting: return [line("B:STATUS,IDLE")]
            case .scanning: return [line("B:STATUS,SCANNING")]
            case .connecting: return [line("B:STATUS,CONNECTING,\(peer)")]
            case .connected: return [line("B:STATUS,CONNECTED,\(peer)")]
            }
        case "BRIDGE:SCAN":
            return dropLink(reason: "HOST") + startScan(now)
        case "BRIDGE:DISCONNECT":
            guard phase == .connected else { return [line("B:ERROR,NOT_CONNECTED")] }
            if options.bugs.contains(.noReconnect) { return dropLink(reason: "HOST") }
            return dropLink(reason: "HOST") + waitThenScan(now)
        case "BRIDGE:CONNECT":
            guard let argument, let address = BLEAddress(argument) else { return [line("B:ERROR,BAD_ARGUMENT,BRIDGE:CONNECT")] }
            guard options.addresses.contains(address.description) else { return [line("B:ERROR,BAD_ARGUMENT,not in range")] }
            return dropLink(reason: "HOST") + connect(address.description, now)
        case "BRIDGE:AUTO":
            switch argument {
            case "ON": autoConnect = true
            case "OFF": autoConnect = false
            default: return [line("B:ERROR,BAD_ARGUMENT,BRIDGE:AUTO")]
            }
            return []
        case "BRIDGE:PIN":
            guard let argument else { return [line("B:ERROR,BAD_ARGUMENT,BRIDGE:PIN")] }
            if argument == "NONE" {
                pinned = nil
            } else if let address = BLEAddress(argument) {
                pinned = address.description
            } else {
                return [line("B:ERROR,BAD_ARGUMENT,BRIDGE:PIN")]
            }
            // A link to another peer than the new pin is dropped, and the bridge scans (PROTOCOL.md).
            guard let pinned, phase == .connected || phase == .connecting, pinned != peer else { return [] }
            return dropLink(reason: "HOST") + startScan(now)
        default:
            return [line("B:ERROR,UNKNOWN_COMMAND")]
        }
    }

    private mutating func phaseDeadlinePassed(_ now: MonotonicInstant) -> [[UInt8]] {
        switch phase {
        case .scanning:
            var output = options.addresses.enumerated().map { index, address in
                line("B:FOUND,\(address),\(-48 - 9 * index),\(advertisedName(index))")
            }
            guard autoConnect else { return output }
            if let target = pinned.map({ options.addresses.contains($0) ? $0 : nil }) ?? options.addresses.first {
                output += connect(target, now)
            } else {
                output.append(line("B:NOT_FOUND"))
                output += waitThenScan(now)
            }
            return output
        case .connecting:
            phase = .connected
            reconnect.reset()
            var output = [line("B:CONNECTED,\(peer)")]
            output += device.connected(at: now).map(line)
            if options.faults.contains(.dropLink) {
                phaseDeadline = now + .milliseconds(Int.random(in: 3000...5000, using: &random))
            }
            return output
        case .connected:
            return dropLink(reason: "0x08") + waitThenScan(now)
        case .waiting:
            return startScan(now)
        case .idle:
            return []
        }
    }

    /// The GripFit reboots: its link drops as a supervision timeout (0x08) and the bridge finds it again.
    public mutating func powerCycleDevice(at now: MonotonicInstant) -> [[UInt8]] {
        let linked = phase == .connected || phase == .connecting
        let output = dropLink(reason: "0x08")
        device.powerCycled()
        return linked ? output + waitThenScan(now) : output
    }

    /// What the `index`-th GripFit in range advertises.
    private func advertisedName(_ index: Int) -> String {
        if options.faults.contains(.hostileName), index == options.addresses.count - 1 { return Self.hostileName }
        return "_GRIPFIT" + (index == 0 ? "" : " \(index + 1)")
    }

    /// With the `hostileName` fault: markup that runs script if a page parses it, and an escape
    /// sequence that turns a terminal red if printed raw.
    public static let hostileName = "<img src=x id=pwned onerror=\"document.title='pwned'\">\u{1B}[31m_GRIPFIT & co"

    private mutating func startScan(_ now: MonotonicInstant) -> [[UInt8]] {
        phase = .scanning
        phaseDeadline = now + Self.discoveryDelay
        return [line("B:SCANNING")]
    }

    private mutating func connect(_ address: String, _ now: MonotonicInstant) -> [[UInt8]] {
        phase = .connecting
        peer = address
        phaseDeadline = now + Self.connectDelay
        return [line("B:CONNECTING,\(address)")]
    }

    private mutating func waitThenScan(_ now: MonotonicInstant) -> [[UInt8]] {
        phase = .waiting
        phaseDeadline = now + reconnect.next()
        return []
    }

    private mutating func dropLink(reason: String) -> [[UInt8]] {
        guard phase == .connected || phase == .connecting else { return [] }
        phase = .idle
        phaseDeadline = nil
        device.disconnected()
        return [line("B:DISCONNECTED,\(peer),\(reason)")]
    }

    private func line(_ text: String) -> [UInt8] {
        Array(text.utf8) + [UInt8(ascii: "\n")]
    }
}

extension String {
    fileprivate func splitOnceAtComma() -> (String, String?) {
        guard let comma = firstIndex(of: ",") else { return (self, nil) }
        return (String(self[..<comma]), String(self[index(after: comma)...]))
    }
}
