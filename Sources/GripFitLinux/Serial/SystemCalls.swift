import CGripFitShims
import Glibc

/// The one seam between the serial port and the kernel, so tests can force any errno.
///
/// Each closure returns what the C call returns and leaves `errno` set as the call did.
/// `live` retries nothing: callers decide what EINTR means for them.
public struct SystemCalls: Sendable {
    public var open: @Sendable (_ path: String, _ flags: Int32) -> Int32
    public var close: @Sendable (_ fd: Int32) -> Int32
    public var flock: @Sendable (_ fd: Int32, _ operation: Int32) -> Int32
    public var setExclusive: @Sendable (_ fd: Int32) -> Int32
    public var tcgetattr: @Sendable (_ fd: Int32, _ attributes: UnsafeMutablePointer<termios>) -> Int32
    public var tcsetattr: @Sendable (_ fd: Int32, _ attributes: UnsafePointer<termios>) -> Int32
    public var read: @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int
    public var write: @Sendable (_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int

    public static let live = SystemCalls(
        open: { path, flags in Glibc.open(path, flags) },
        close: { fd in Glibc.close(fd) },
        flock: { fd, operation in gripfit_flock(fd, operation) },
        setExclusive: { fd in gripfit_set_exclusive(fd) },
        tcgetattr: { fd, attributes in Glibc.tcgetattr(fd, attributes) },
        tcsetattr: { fd, attributes in Glibc.tcsetattr(fd, TCSANOW, attributes) },
        read: { fd, buffer in Glibc.read(fd, buffer.baseAddress, buffer.count) },
        write: { fd, buffer in Glibc.write(fd, buffer.baseAddress, buffer.count) }
    )

    /// Calls `body` again while it fails with EINTR.
    static func retryingInterrupts<T: SignedInteger>(_ body: () -> T) -> T {
        while true {
            let result = body()
            if result != -1 || errno != EINTR { return result }
        }
    }
}
