import CGripFitShims
import Glibc

/// SIGINT, SIGTERM and SIGHUP as a readable descriptor, so poll() loops end cleanly on Ctrl-C:
/// termios restored, output flushed, a recording saved.
public final class SignalPipe {
    public let fileDescriptor: Int32
    private let ownsHandler: Bool

    public init() throws(SystemError) {
        let fd = gripfit_signal_pipe_install()
        guard fd >= 0 else { throw SystemError(call: "pipe2/sigaction", errno: errno) }
        fileDescriptor = fd
        ownsHandler = true
    }

    /// A pipe of the same shape that no handler writes to: ``SignalRelay`` forwards into it.
    init(relayDescriptor: Int32) {
        fileDescriptor = relayDescriptor
        ownsHandler = false
    }

    deinit {
        if ownsHandler { gripfit_signal_pipe_uninstall() }
        Glibc.close(fileDescriptor)
    }

    /// The signals received since the last call.
    public func drain() -> [Int32] {
        var signals: [Int32] = []
        var byte: UInt8 = 0
        while Glibc.read(fileDescriptor, &byte, 1) == 1 { signals.append(Int32(byte)) }
        return signals
    }
}
