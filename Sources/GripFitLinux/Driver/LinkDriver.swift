import Glibc
import GripFitCore
import Logging

/// Runs a ``LinkMachine`` against a real port (a tty, or a socket to ser2net): one poll() loop
/// over the port, the signal pipe, the command inbox and any extra event sources, woken by data or
/// by the machine's next deadline. No sleeps, no threads: a network connect is under way in the same
/// loop. Every report goes to each of ``consumers`` in turn; the loop also wakes at the earliest of
/// their deadlines. Not `Sendable`: it belongs to the thread that runs it; other threads talk to it
/// through ``inbox``.
public final class LinkDriver {
    public enum StopReason: Equatable, Sendable {
        case deadline
        case signal(Int32)
        /// A consumer asked to stop (or ``stop()`` was called).
        case handler
    }

    /// The session's state; the driver feeds it through its ``LinkPipeline``.
    public var machine: LinkMachine { pipeline.machine }
    /// The most recent port failure, with the path and the fix, for the user-facing message.
    public private(set) var lastPortError: PortError?
    public var eventSources: [LinkEventSource] = []
    /// Commands from other threads; posting one wakes the poll loop. Nil if no eventfd was available.
    public let inbox: CommandInbox?
    /// Given every report in order; ticked at their deadlines; idled before each wait and at the end.
    public var consumers: [any LinkConsumer<LinkReport>] = []

    /// Finds the port where it is now and opens it; called at every open, so a replugged dongle
    /// is found under its new name and a lost network link is connected again.
    private let open: () throws(PortError) -> any PortTransport
    private let clock: MonotonicClock
    private let logger: Logger
    private var port: (any PortTransport)?
    /// Set while the port's connect is under way; past it, the attempt counts as a failed open.
    private var connectDeadline: MonotonicInstant?
    private let pipeline: LinkPipeline
    /// Reused for every read and every poll(), so a wake-up allocates nothing.
    private let readBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 16 * 1024)
    private var descriptors: [pollfd] = []
    /// Spare storage for ``process(_:)``, so a reading's actions need no new array.
    private var actionScratch: [LinkAction] = []
    private var pendingInputs: [LinkInput] = []
    /// Spare storage for the consumers' actions, so a reading's fan-out needs no new array.
    private var consumerActions: [ConsumerAction] = []
    private var stopRequested = false

    /// A session over whatever `open` returns: it is called again after every loss.
    public init(
        open: @escaping () throws(PortError) -> any PortTransport,
        timings: LinkTimings = LinkTimings(),
        clock: MonotonicClock = MonotonicClock(),
        logger: Logger = Logger(label: "gripfit.session")
    ) {
        self.pipeline = LinkPipeline(machine: LinkMachine(timings: timings))
        self.open = open
        do {
            inbox = try CommandInbox()
        } catch {
            logger.warning("no command inbox: \(error); commands from other threads are refused")
            inbox = nil
        }
        self.clock = clock
        self.logger = logger
    }

    /// A session over the tty at `portPath`, reopened at the same path (the simulator's pty, doctor's probe).
    public convenience init(
        portPath: String,
        timings: LinkTimings = LinkTimings(),
        clock: MonotonicClock = MonotonicClock(),
        system: SystemCalls = .live,
        logger: Logger = Logger(label: "gripfit.session")
    ) {
        self.init(
            open: { () throws(PortError) in try SerialPort.open(path: portPath, system: system) },
            timings: timings,
            clock: clock,
            logger: logger
        )
    }

    deinit {
        readBuffer.deallocate()
    }

    /// The path of the open port, if any.
    public var openPortPath: String? { port?.path }

    /// Ends ``run(until:signals:)`` after the current input, as a consumer's ``ConsumerAction/stop`` does.
    public func stop() {
        stopRequested = true
    }

    /// Queues a command; device commands are sent once the link is up.
    public func submit(_ command: Command) {
        pendingInputs.append(.submit(command))
    }

    /// Runs ``consumers`` with `handler` first, for the run only: one-off callers (probes, tests)
    /// and a runner's own start checks. Returning false ends the run.
    @discardableResult
    public func run(
        until deadline: MonotonicInstant? = nil,
        signals: SignalPipe? = nil,
        handler: @escaping (LinkReport, MonotonicInstant) -> Bool
    ) throws(SystemError) -> StopReason {
        let others = consumers
        consumers = [ReportHandler(handler)] + others
        defer { consumers = others }
        return try run(until: deadline, signals: signals)
    }

    /// Runs until `deadline`, a signal, or a consumer asks to stop. The port is closed on return.
    @discardableResult
    public func run(until deadline: MonotonicInstant? = nil, signals: SignalPipe? = nil) throws(SystemError) -> StopReason {
        stopRequested = false
        defer {
            idleConsumers()
            shutDown()
        }
        process(.start)
        while true {
            flushPending()
            if stopRequested { return .handler }
            let now = clock.now()
            if let deadline, deadline <= now { return .deadline }

            idleConsumers()
            if stopRequested { return .handler }
            descriptors.removeAll(keepingCapacity: true)
            if let port { descriptors.append(pollfd(fd: port.fileDescriptor, events: port.pollEvents, revents: 0)) }
            if let signals { descriptors.append(pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
            if let inbox { descriptors.append(pollfd(fd: inbox.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
            for source in eventSources {
                descriptors.append(pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let wake = MonotonicInstant.earliest(
                pipeline.machine.nextDeadline,
                .earliest(deadline, .earliest(consumersDeadline, connectDeadline))
            )
            let timeout = clock.pollTimeout(until: wake, from: now)
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                throw SystemError(call: "poll", errno: errno)
            }
            for descriptor in descriptors where descriptor.revents != 0 {
                if let signals, descriptor.fd == signals.fileDescriptor {
                    if let signal = signals.drain().first { return .signal(signal) }
                } else if let port, descriptor.fd == port.fileDescriptor {
                    readPort(port)
                } else if let inbox, descriptor.fd == inbox.fileDescriptor {
                    for command in inbox.take() { process(.submit(command)) }
                } else if let source = eventSources.first(where: { $0.fileDescriptor == descriptor.fd }) {
                    for input in source.readInputs() { processSourceInput(input) }
                }
                if stopRequested { return .handler }
            }
            if let port, let connectDeadline, connectDeadline <= clock.now() {
                portLost(.unreachable(path: port.path, reason: "no answer within \(port.connectTimeout)"))
            }
            process(.tick)
            tickConsumers()
        }
    }

    /// The earliest of the consumers' deadlines.
    private var consumersDeadline: MonotonicInstant? {
        consumers.reduce(nil) { .earliest($0, $1.nextDeadline) }
    }

    /// Ticks the consumers whose deadline has passed.
    private func tickConsumers() {
        let now = clock.now()
        for consumer in consumers where !stopRequested {
            guard let due = consumer.nextDeadline, due <= now else { continue }
            let link = pipeline.linkFacts(portOpen: port != nil)
            withConsumerActions { consumer.tick(at: now, link: link, into: &$0) }
        }
    }

    private func idleConsumers() {
        for consumer in consumers {
            withConsumerActions { consumer.idle(into: &$0) }
        }
    }

    /// Runs `body` with the spare action array, then carries out what it asked for.
    private func withConsumerActions(_ body: (inout [ConsumerAction]) -> Void) {
        // Takes the spare array; a nested fan-out (a consumer's report while carrying these out)
        // finds none and makes its own.
        var actions: [ConsumerAction] = []
        swap(&actions, &consumerActions)
        body(&actions)
        for action in actions {
            switch action {
            case .submit(let command): pendingInputs.append(.submit(command))
            case .stop: stopRequested = true
            }
        }
        actions.removeAll(keepingCapacity: true)
        swap(&actions, &consumerActions)
    }

    private func readPort(_ port: any PortTransport) {
        do {
            if connectDeadline != nil {
                _ = try port.read(into: UnsafeMutableRawBufferPointer(readBuffer))
                guard port.isConnected else { return }
                connectOpened(port)
            }
            // Bounded: a chatty port must not starve the signal pipe or the deadlines.
            for _ in 0..<16 {
                let count = try port.read(into: UnsafeMutableRawBufferPointer(readBuffer))
                if count == 0 { return }
                pipeline.receive(UnsafeBufferPointer(rebasing: readBuffer[..<count])) { input in
                    // The rest of a chunk is dropped once the session stops or loses this port.
                    guard !stopRequested, self.port === port else { return }
                    process(input)
                }
                // A short read took all there was: asking again would only return EAGAIN.
                if stopRequested || self.port !== port || count < readBuffer.count { return }
            }
        } catch {
            portLost(error)
        }
    }

    /// A source's removal report closes the open port (a pty-backed port may never see EIO);
    /// with no port open, the read or open failure has already been reported.
    private func processSourceInput(_ input: LinkInput) {
        guard case .portFailed = input else {
            process(input)
            return
        }
        if let port { portLost(.removed(path: port.path)) }
    }

    private func portLost(_ error: PortError) {
        logger.info("port lost", metadata: ["error": "\(error)"])
        lastPortError = error
        port?.close()
        port = nil
        connectDeadline = nil
        process(.portFailed(error.portFailure))
    }

    private func flushPending() {
        while !pendingInputs.isEmpty, !stopRequested {
            process(pendingInputs.removeFirst())
        }
    }

    private func process(_ input: LinkInput) {
        // Takes the spare array; an input processed while performing these actions (a port
        // opened, then reported) finds none and makes its own.
        var actions: [LinkAction] = []
        swap(&actions, &actionScratch)
        pipeline.handle(input, now: clock.now(), into: &actions)
        for action in actions {
            perform(action)
        }
        actions.removeAll(keepingCapacity: true)
        swap(&actions, &actionScratch)
    }

    private func perform(_ action: LinkAction) {
        switch action {
        case .openPort:
            do {
                let opened = try open()
                port = opened
                // Only here: a new port starts a new stream. The port-losing paths run while the
                // framer is lending out a line, and the framer of a closed port is never fed again.
                pipeline.resetFraming()
                if opened.isConnected {
                    connectOpened(opened)
                } else {
                    connectDeadline = clock.now() + opened.connectTimeout
                    logger.debug("connecting", metadata: ["path": "\(opened.path)"])
                }
            } catch {
                logger.debug("open failed", metadata: ["error": "\(error)"])
                lastPortError = error
                process(.portFailed(error.portFailure))
            }
        case .closePort:
            shutDown()
        case .send(let command):
            guard let port else { return }
            logger.debug("send", metadata: ["line": "\(command.line)"])
            do {
                try port.write(CommandEncoder.encode(command))
            } catch {
                portLost(error)
            }
        case .report(let report):
            if case .state(let state) = report { logger.debug("state", metadata: ["state": "\(state)"]) }
            let now = clock.now()
            let link = pipeline.linkFacts(portOpen: port != nil)
            for consumer in consumers where !stopRequested {
                withConsumerActions { consumer.handle(report, at: now, link: link, into: &$0) }
            }
        }
    }

    private func connectOpened(_ port: any PortTransport) {
        connectDeadline = nil
        logger.debug("port open", metadata: ["path": "\(port.path)"])
        process(.portOpened)
    }

    private func shutDown() {
        port?.close()
        port = nil
        connectDeadline = nil
    }
}
