import Glibc
import GripFitLinux
import GripFitOutput

/// A dongle exported over TCP by ser2net (or a labgrid exporter, which runs ser2net): raw bytes
/// for `tcp://` and `socket://`, telnet with RFC 2217 for `rfc2217://`.
///
/// The socket is non-blocking from the start: ``open(_:connectTimeout:)`` only begins the connect,
/// and the session's own poll() loop finishes it (POLLOUT, then SO_ERROR), under the driver's
/// deadline. No thread waits on the network. A server that turns a second client away (ser2net
/// writes "Port already in use" and closes) is reported as a busy port; one that cannot open its
/// device ("Device open failure: …") as a dongle missing on the server, with what it said.
public final class TCPPort: PortTransport {
    public let address: NetworkPortAddress
    public let fileDescriptor: Int32
    public let connectTimeout: Duration
    public private(set) var isConnected = false
    private var codec: RFC2217Codec?
    private var isOpen = true
    /// The first data bytes of the connection, to recognise a refusal when the server then closes.
    private var greeting: [UInt8] = []
    static let greetingLimit = 256

    public var path: String { address.description }
    public var pollEvents: Int16 { Int16(isConnected ? POLLIN : POLLOUT) }

    private init(address: NetworkPortAddress, fileDescriptor: Int32, connectTimeout: Duration) {
        self.address = address
        self.fileDescriptor = fileDescriptor
        self.connectTimeout = connectTimeout
        self.codec = address.scheme.isTelnet ? RFC2217Codec() : nil
    }

    deinit {
        close()
    }

    /// Resolves the host and starts a non-blocking connect; the driver's poll loop finishes it.
    /// Name lookup uses getaddrinfo, which may block on a slow DNS; numeric addresses never do.
    /// The corresponding C functions are `getaddrinfo`, `socket` and `connect`.
    public static func open(_ address: NetworkPortAddress, connectTimeout: Duration = .seconds(5)) throws(PortError) -> TCPPort {
        let path = address.description
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(address.host, String(address.port), &hints, &list)
        guard status == 0, let list else {
            throw .unreachable(path: path, reason: "cannot resolve \(address.host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        // ser2net configs usually listen on 127.0.0.1 or 0.0.0.0: try IPv4 first, as pyserial's
        // create_connection effectively does on such hosts.
        var chosen = list
        var cursor: UnsafeMutablePointer<addrinfo>? = list
        while let entry = cursor {
            if entry.pointee.ai_family == AF_INET {
                chosen = entry
                break
            }
            cursor = entry.pointee.ai_next
        }
        let info = chosen.pointee
        let fd = socket(info.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system(path: path, call: "socket", errno: errno) }
        var on: Int32 = 1
        // Command lines are tiny and latency matters more than packet count (PING timing in `check`).
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, socklen_t(MemoryLayout<Int32>.size))
        let port = TCPPort(address: address, fileDescriptor: fd, connectTimeout: connectTimeout)
        var result: Int32
        repeat {
            result = connect(fd, info.ai_addr, info.ai_addrlen)
        } while result != 0 && errno == EINTR
        if result == 0 {
            try port.connected()
        } else if errno != EINPROGRESS {
            let code = errno
            port.close()
            throw .unreachable(path: path, reason: ErrnoText(code).description)
        }
        return port
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(PortError) -> Int {
        guard isConnected else {
            try finishConnect()
            return 0
        }
        var count: Int
        repeat {
            count = recv(fileDescriptor, buffer.baseAddress, buffer.count, 0)
        } while count < 0 && errno == EINTR
        if count == 0 { throw closedByServer() }
        if count < 0 {
            let code = errno
            switch code {
            case EAGAIN: return 0
            // A refusing server that closes before reading our negotiation resets the connection.
            case ECONNRESET, ETIMEDOUT, EHOSTUNREACH, ENETUNREACH, EPIPE: throw closedByServer()
            default: throw .system(path: path, call: "recv", errno: code)
            }
        }
        var replies: [UInt8] = []
        if var telnet = codec {
            // Telnet decoding only ever removes bytes, so the data fits back where it came from.
            let decoded = telnet.decode(Array(buffer.prefix(count)))
            codec = telnet
            buffer.copyBytes(from: decoded.data)
            count = decoded.data.count
            replies = decoded.replies
        }
        // Kept before answering: a refusing server closes at once, and the refusal text is how
        // ``closedByServer()`` tells "port busy" from a lost connection.
        if greeting.count < Self.greetingLimit {
            greeting += buffer.prefix(min(count, Self.greetingLimit - greeting.count))
        }
        if !replies.isEmpty { try send(replies) }
        return count
    }

    public func write(_ bytes: [UInt8]) throws(PortError) {
        try send(codec == nil ? bytes : RFC2217Codec.escape(bytes))
    }

    public func close() {
        guard isOpen else { return }
        isOpen = false
        _ = Glibc.close(fileDescriptor)
    }

    private func finishConnect() throws(PortError) {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        if getsockopt(fileDescriptor, SOL_SOCKET, SO_ERROR, &code, &length) != 0 {
            throw .system(path: path, call: "getsockopt(SO_ERROR)", errno: errno)
        }
        if code == EINPROGRESS || code == EALREADY { return }
        guard code == 0 else { throw .unreachable(path: path, reason: ErrnoText(code).description) }
        try connected()
    }

    private func connected() throws(PortError) {
        isConnected = true
        if var telnet = codec {
            let opening = telnet.opening()
            codec = telnet
            try send(opening)
        }
    }

    /// The server hung up: a refusal of a second client if it said so first ("Port already in use"
    /// from ser2net's telnet accepter, "Port's device already in use" from its raw one), a device
    /// it could not open ("Device open failure: Value or file not found"), else a lost connection.
    private func closedByServer() -> PortError {
        Self.reason(closing: greeting, path: path)
    }

    /// Why a server closed a connection that began with `greeting`; apart, so it is tested on the
    /// texts servers send.
    static func reason(closing greeting: [UInt8], path: String) -> PortError {
        let text = String(decoding: greeting, as: UTF8.self)
        if text.lowercased().contains("already in use") {
            return .busy(path: path, holder: "another client of the server (it answered \"Port already in use\")")
        }
        let lines = text.split(whereSeparator: \.isNewline)
        if let said = lines.first(where: { $0.lowercased().contains("device open failure") }) {
            return .serverDeviceFailed(path: path, said: String(said))
        }
        return .connectionLost(path: path)
    }

    /// Sends every byte, waiting up to 2 s in poll() while the socket's buffer is full.
    private func send(_ bytes: [UInt8]) throws(PortError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fileDescriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent >= 0 {
                offset += sent
                continue
            }
            let code = errno
            switch code {
            case EINTR: continue
            case EAGAIN:
                var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&descriptor, 1, 2000)
                if ready < 0, errno != EINTR { throw .system(path: path, call: "poll", errno: errno) }
                if ready == 0 { throw .system(path: path, call: "send", errno: ETIMEDOUT) }
            case EPIPE, ECONNRESET, ETIMEDOUT, EHOSTUNREACH, ENETUNREACH: throw closedByServer()
            default: throw .system(path: path, call: "send", errno: code)
            }
        }
    }
}
