import Glibc
import GripFitOutput

/// A failed system call with its errno, for failures that are not about the serial port itself.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    public let call: String
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String {
        "\(call) failed: \(ErrnoText(errno))"
    }
}
