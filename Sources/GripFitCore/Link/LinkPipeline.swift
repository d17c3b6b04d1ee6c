/// The byte path of a live session in one place: ``LineFramer`` → ``MessageParser`` → ``LinkMachine``.
/// `LinkDriver` runs it on every read and the session fuzzer runs the same code, so what is
/// fuzzed is what ships, the allocation-free fast path for readings included.
///
/// A class, not a struct: an input that ``receive(_:_:)`` hands out is fed to the machine while
/// the framer is still lending out the chunk, and the caller may read ``machine`` meanwhile (a
/// report handler asking for the bridge's version). Framer and machine are separate stored
/// properties, so those accesses never overlap.
public final class LinkPipeline {
    public private(set) var machine: LinkMachine
    private var framer: LineFramer

    public init(machine: LinkMachine = LinkMachine(), framer: LineFramer = LineFramer()) {
        self.machine = machine
        self.framer = framer
    }

    /// Frames and parses `bytes`, calling `body` with the input each completed line (or framing
    /// error) makes, in stream order. `body` may feed the machine through ``handle(_:now:into:)``
    /// but must not call `receive` again. A well-formed reading costs no allocation.
    public func receive(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (LinkInput) throws -> Void) rethrows {
        try framer.frame(bytes) { frame in
            switch frame {
            case .line(let line):
                switch MessageParser.parse(line) {
                case .success(let message): try body(.message(message))
                case .failure(let error): try body(.malformed(error))
                }
            case .error(let error):
                try body(.framing(error))
            }
        }
    }

    /// Appends the machine's actions for `input` to `actions` (a reused array allocates nothing).
    public func handle(_ input: LinkInput, now: MonotonicInstant, into actions: inout [LinkAction]) {
        machine.handle(input, now: now, into: &actions)
    }

    /// What consumers are told besides the report, read field by field from the machine in place:
    /// no copy of the whole machine per reading.
    public func linkFacts(portOpen: Bool) -> LinkFacts {
        LinkFacts(
            firmware: machine.firmware,
            bridgeVersion: machine.bridgeVersion,
            deviceAddress: machine.deviceAddress,
            behindBridge: machine.behindBridge,
            portOpen: portOpen
        )
    }

    /// Forgets any partial line: a newly opened port starts a new stream.
    public func resetFraming() {
        framer.reset()
    }
}
