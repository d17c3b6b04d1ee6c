import Glibc

/// Hands a signal to a session that runs on another thread: the process has one signal pipe,
/// read by the thread that installed it, which forwards each signal to every session's relay.
/// Each session's poll() then sees its own ``pipe`` readable, exactly as with the real one.
public final class SignalRelay: @unchecked Sendable {
    /// Give this to the session's `run(signals:)`; it is read on that session's thread only.
    public let pipe: SignalPipe
    private let writeEnd: Int32

    public init() throws(SystemError) {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw SystemError(call: "pipe", errno: errno) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        pipe = SignalPipe(relayDescriptor: ends[0])
        writeEnd = ends[1]
    }

    deinit {
        Glibc.close(writeEnd)
    }

    /// Passes `signal` on; a full pipe already holds a signal, so a lost byte loses nothing.
    public func forward(_ signal: Int32) {
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = Glibc.write(writeEnd, &byte, 1)
    }
}
