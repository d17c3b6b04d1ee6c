import Glibc
import GripFitOutput
import NIOCore

/// Why the server could not listen on `--listen`, said for the user (the address and what to do,
/// not the socket call that failed) and grouped by who must act.
public struct ListenFailure: Error, Sendable {
    public enum Kind: Sendable {
        /// Another program has the port: another one may work.
        case inUse
        /// The address is not one of this machine's, or the name does not resolve.
        case notHere
        /// A port below 1024 without the privilege.
        case permission
        case other
    }

    public let kind: Kind
    public let message: String

    public init(_ error: any Error, listen: ListenAddress) {
        if let unknown = error as? SocketAddressError.UnknownHost {
            kind = .notHere
            message =
                "\(listen.host) is not a name this machine can look up (\(unknown.errorDescription)). "
                + "Use one of its addresses, 0.0.0.0 for all of them, or 127.0.0.1 for this machine only."
            return
        }
        let errno = (error as? IOError)?.errnoCode
        var next = listen
        next.port = listen.port == 65_535 || listen.port == 0 ? ListenAddress.defaultPort : listen.port + 1
        var free = listen
        free.port = 0
        switch errno {
        case EADDRINUSE:
            kind = .inUse
            message =
                "\(listen) is already in use by another program (another dashboard?). "
                + "Choose another port with --listen, such as --listen \(next), or --listen \(free) for any free one."
        case EADDRNOTAVAIL:
            kind = .notHere
            message =
                "\(listen.host) is not an address of this machine. "
                + "Use one of its addresses, 0.0.0.0 for all of them, or 127.0.0.1 for this machine only."
        case EACCES, EPERM:
            kind = .permission
            message =
                "\(listen): ports below 1024 need root. Use a port from 1024 up, such as --listen "
                + "\(listen.host):\(ListenAddress.defaultPort)."
        case let code?:
            kind = .other
            message = "\(listen): \(ErrnoText(code).message). Check the --listen address."
        case nil:
            kind = .other
            message = "\(listen): \(error). Check the --listen address."
        }
    }
}
