import Glibc

/// An errno as a person reads it, written once for every module that reports a failed call.
///
/// It lives here, not in `GripFitLinux` or `GripFitCore`: the store and the dashboard report errno
/// too and do not depend on `GripFitLinux`, and the portable core imports no libc, while every
/// reporting module reaches this one. `strerror` is a table lookup, not I/O. Not named `Errno`, so
/// it never collides with swift-system's type.
public struct ErrnoText: Equatable, Sendable, CustomStringConvertible {
    public let code: Int32

    public init(_ code: Int32) {
        self.code = code
    }

    /// `No such file or directory`: the C library's text alone, for messages that read as prose.
    public var message: String {
        String(cString: strerror(code))
    }

    /// `No such file or directory (errno 2)`: the number too, which a bug report needs.
    public var description: String {
        "\(message) (errno \(code))"
    }
}
