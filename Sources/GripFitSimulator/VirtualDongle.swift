import CGripFitShims
import Foundation
import GripFitCore
import GripFitLinux

/// A virtual GripFit bridge on a real pseudo-terminal, so the host's whole path (open, termios,
/// lock, poll, framing, parsing, commands) runs exactly as it does against a dongle.
///
/// It watches the pty's slave path with inotify to see the host open and close it: output written
/// while no host listens is dropped, as the Adafruit core drops CDC output while DTR is low.
public final class VirtualDongle: @unchecked Sendable {
    /// What has been delivered to the host, for tests and the exit summary.
    public struct Statistics: Equatable, Sendable {
        public var readingsDelivered = 0
        public var garbageDelivered = 0
        public var hostOpens = 0
        public var pingsReceived = 0
    }

    private enum Control {
        case stop
        case load(SimulatedLoad)
        case cue(Hand, slot: Int)
        case powerCycle
    }

    /// The slave side: what the host opens, like /dev/ttyACM0.
    public let path: String

    /// The host's input is bounded like the real bridge's line buffer.
    static let hostLineLimit = 128
    /// Output waiting for a slow host; beyond this the newest bytes are dropped, as a USB FIFO would.
    static let outputLimit = 64 * 1024

    private let master: Int32
    private let inotify: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let clock: MonotonicClock
    private let options: SimulatorOptions
    /// How many times faster than real time this simulator runs (`--speed`): the session talking
    /// to it runs its own clock as fast, so rests and squeezes keep in step.
    public var speed: Double { options.speed }
    /// Guards the controls, the published statistics and the failure; signalled on each publish.
    private let lock = NSCondition()
    private var controls: [Control] = []
    private var published = Statistics()
    private var failure: SystemError?

    // Owned by the thread that calls run().
    private var bridge: SimulatedBridge
    private var output: [UInt8] = []
    private var hostOpenCount = 0
    private var hostFramer = LineFramer(maximumLineLength: VirtualDongle.hostLineLimit)
    private var chunking: SeededRandom
    private var nextWriteAt: MonotonicInstant?
    /// The hello is one USB packet, which the tty takes in at once: a tty not yet in raw mode echoes
    /// it whole, never a piece of it that would run into the host's first command.
    private var helloUnsplit = false
    private var stats = Statistics()

    public init(options: SimulatorOptions = SimulatorOptions()) throws(SystemError) {
        var name = [CChar](repeating: 0, count: 128)
        let master = gripfit_open_pty(&name, UInt(name.count))
        guard master >= 0 else { throw SystemError(call: "posix_openpt", errno: errno) }
        path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let watcher = gripfit_inotify_init()
        guard watcher >= 0 else {
            let code = errno
            close(master)
            throw SystemError(call: "inotify_init1", errno: code)
        }
        var pipeEnds: [Int32] = [0, 0]
        guard gripfit_inotify_watch_open_close(watcher, path) >= 0, gripfit_pipe(&pipeEnds) == 0 else {
            let code = errno
            close(master)
            close(watcher)
            throw SystemError(call: "inotify_add_watch/pipe2", errno: code)
        }
        self.master = master
        inotify = watcher
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        self.options = options
        clock = MonotonicClock(speed: options.speed)
        bridge = SimulatedBridge(options: options)
        chunking = SeededRandom(seed: options.seed &+ 0xC4A2)
    }

    deinit {
        close(master)
        close(inotify)
        close(wakeRead)
        close(wakeWrite)
    }

    public var statistics: Statistics {
        lock.withLock { published }
    }

    /// Waits until the statistics satisfy `holds` (say, N readings delivered), woken by each
    /// publication rather than looking again and again; nil if `deadline` passed first, which
    /// only bounds a hang.
    public func statistics(before deadline: ContinuousClock.Instant, until holds: (Statistics) -> Bool) -> Statistics? {
        lock.lock()
        defer { lock.unlock() }
        while !holds(published) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
            _ = lock.wait(until: Date(timeIntervalSinceNow: seconds))
        }
        return published
    }

    /// Runs the dongle on a background thread until ``stop()``.
    public func start() {
        let thread = Thread { [self] in
            do throws(SystemError) {
                try run()
            } catch {
                lock.withLock { failure = error }
            }
        }
        thread.name = "virtual-dongle"
        thread.start()
    }

    /// The error that ended a background run early, if any.
    public var backgroundFailure: SystemError? {
        lock.withLock { failure }
    }

    public func stop() {
        send(.stop)
    }

    /// Puts a load on the simulated sensor, e.g. a known mass during calibration.
    public func setLoad(_ load: SimulatedLoad) {
        send(.load(load))
    }

    /// Tells the simulated person (``SimulatorOptions/person``) the protocol cued a squeeze with
    /// `hand` for its `slot`-th trial; they follow it from the simulator's now.
    public func cue(_ hand: Hand, slot: Int) {
        send(.cue(hand, slot: slot))
    }

    /// The GripFit reboots now, as `--power-cycle` makes it at a set time: a test can place the
    /// reboot after what it waits for (a tare, some readings) instead of at a guessed second.
    public func powerCycle() {
        send(.powerCycle)
    }

    private func send(_ control: Control) {
        lock.withLock { controls.append(control) }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Runs in the calling thread until ``stop()`` or, when given, a signal arrives on `signals`.
    public func run(signals: SignalPipe? = nil) throws(SystemError) {
        enqueue(bridge.start(at: clock.now()))
        while true {
            for control in lock.withLock({ () -> [Control] in
                defer { controls = [] }
                return controls
            }) {
                switch control {
                case .stop: return
                case .load(let load): bridge.device.load = load
                case .cue(let hand, let slot): bridge.device.cue(hand, slot: slot, at: clock.now())
                case .powerCycle: enqueue(bridge.powerCycleDevice(at: clock.now()))
                }
            }
            var descriptors = [
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
            ]
            if let signals { descriptors.append(pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
            let now = clock.now()
            let writeDue = !output.isEmpty && (nextWriteAt.map { $0 <= now } ?? true)
            if hostOpenCount > 0 {
                let events = POLLIN | (writeDue ? POLLOUT : 0)
                descriptors.append(pollfd(fd: master, events: Int16(events), revents: 0))
            }
            let wake = [bridge.nextDeadline, output.isEmpty ? nil : nextWriteAt].compactMap { $0 }.min()
            let timeout = clock.pollTimeout(until: wake, from: now)
            if poll(&descriptors, nfds_t(descriptors.count), timeout) < 0 {
                if errno == EINTR { continue }
                throw SystemError(call: "poll", errno: errno)
            }
            for descriptor in descriptors where descriptor.revents != 0 {
                switch descriptor.fd {
                case wakeRead:
                    var sink = [UInt8](repeating: 0, count: 64)
                    while read(wakeRead, &sink, sink.count) > 0 {}
                case inotify:
                    try hostOpenedOrClosed()
                case master:
                    try serviceMaster(descriptor.revents)
                default:
                    if let signals, !signals.drain().isEmpty { return }
                }
            }
            enqueue(bridge.advance(to: clock.now()))
        }
    }

    private func hostOpenedOrClosed() throws(SystemError) {
        var delta: Int32 = 0
        guard gripfit_inotify_drain(inotify, &delta) == 0 else { throw SystemError(call: "read inotify", errno: errno) }
        let wasPresent = hostOpenCount > 0
        hostOpenCount = max(0, hostOpenCount + Int(delta))
        if !wasPresent, hostOpenCount > 0 {
            stats.hostOpens += 1
            helloUnsplit = true
            bridge.hostOpened(at: clock.now())
        } else if wasPresent, hostOpenCount == 0 {
            hostGone()
        }
        publish()
    }

    private func hostGone() {
        hostOpenCount = 0
        output.removeAll()
        hostFramer.reset()
        bridge.hostClosed()
    }

    private func serviceMaster(_ events: Int16) throws(SystemError) {
        if events & Int16(POLLIN) != 0 {
            var buffer = [UInt8](repeating: 0, count: 1024)
            let count = read(master, &buffer, buffer.count)
            if count > 0 {
                for framed in hostFramer.append(buffer.prefix(count)) {
                    if case .line(let text) = framed {
                        enqueue(bridge.hostLine(text, at: clock.now()))
                    } else {
                        enqueue([Array("B:ERROR,LINE_TOO_LONG\n".utf8)])
                    }
                }
            } else if count < 0, errno != EAGAIN, errno != EIO {
                throw SystemError(call: "read pty", errno: errno)
            }
        } else if events & Int16(POLLHUP) != 0 {
            // The last host descriptor closed before inotify said so.
            hostGone()
            return
        }
        if events & Int16(POLLOUT) != 0 { try writeOutput() }
    }

    private func writeOutput() throws(SystemError) {
        let fragment = options.faults.contains(.fragment)
        var count = fragment ? min(output.count, Int.random(in: 1...12, using: &chunking)) : output.count
        if helloUnsplit {
            helloUnsplit = false
            count = (output.firstIndex(of: UInt8(ascii: "\n")) ?? output.count - 1) + 1
        }
        let written = output.withUnsafeBytes { write(master, $0.baseAddress, count) }
        if written > 0 {
            output.removeFirst(written)
            if fragment {
                nextWriteAt = clock.now() + .microseconds(Int.random(in: 0...2000, using: &chunking))
            }
        } else if written < 0, errno == EIO {
            hostGone()
        } else if written < 0, errno != EAGAIN, errno != EINTR {
            throw SystemError(call: "write pty", errno: errno)
        }
    }

    private func enqueue(_ lines: [[UInt8]]) {
        guard hostOpenCount > 0 else {
            publish()
            return
        }
        for line in lines where output.count + line.count <= Self.outputLimit {
            if options.plainRelay, line.starts(with: Array("B:".utf8)) { continue }
            output += line
        }
        publish()
    }

    private func publish() {
        stats.readingsDelivered = bridge.device.readingsDelivered
        stats.garbageDelivered = bridge.garbageDelivered
        stats.pingsReceived = bridge.device.pingsReceived
        let snapshot = stats
        lock.withLock {
            published = snapshot
            lock.broadcast()
        }
    }
}
