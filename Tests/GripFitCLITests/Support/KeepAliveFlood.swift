import Foundation
import Glibc

/// Keep-alive HTTP clients that always have a request under way: sixteen pipelined on each connection
/// and the next sent as each answer ends, a connection the server closes opened again at once. They
/// all connect at the start, as a load tool's do. They run on a thread of their own, over
/// non-blocking sockets in one poll loop, until ``stop()`` (which the test must call: the thread
/// holds the flood until then).
final class KeepAliveFlood: @unchecked Sendable {
    private struct Client {
        var fd: Int32 = -1
        var connecting = true
        /// The server said `Connection: close`: nothing more is sent; its close reopens the client.
        var closing = false
        var buffer: [UInt8] = []
    }

    let port: Int
    /// Requests each client keeps under way.
    static let inFlight = 16
    private let request: [UInt8]
    /// Guards ``answered`` and ``stopping``; signalled at each answer.
    private let condition = NSCondition()
    private var answered = 0
    private var connected = 0
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)
    /// What one `recv` reads into, kept for the flood's thread alone.
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    /// `connections` clients asking `path` on 127.0.0.1:`port`, starting now, with `token` when given.
    init(port: Int, connections: Int, path: String, token: String? = nil) {
        self.port = port
        let authorised = token.map { "X-GripFit-Token: \($0)\r\n" } ?? ""
        request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(authorised)\r\n".utf8)
        let thread = Thread { [self] in
            run(connections)
            done.signal()
        }
        thread.start()
    }

    /// Answers received so far, on every connection.
    var answers: Int {
        condition.lock()
        defer { condition.unlock() }
        return answered
    }

    /// Waits until the flood has received `count` answers in all (true), or `deadline` passes (false).
    func waitForAnswers(_ count: Int, before deadline: Date) -> Bool {
        wait(before: deadline) { $0.answered >= count }
    }

    /// Waits until `count` connections were made, reconnections included (true), or `deadline` passes (false).
    func waitForClients(_ count: Int, before deadline: Date) -> Bool {
        wait(before: deadline) { $0.connected >= count }
    }

    private func wait(before deadline: Date, until done: (KeepAliveFlood) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !done(self) {
            if !condition.wait(until: deadline) { return done(self) }
        }
        return true
    }

    /// Ends the flood and closes its connections; returns once its thread has.
    func stop() {
        condition.lock()
        let first = !stopping
        stopping = true
        condition.unlock()
        if first { done.wait() }
    }

    private var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }

    private func run(_ count: Int) {
        var clients = (0..<count).map { _ in connect() }
        defer { for client in clients { close(client.fd) } }
        var descriptors: [pollfd] = []
        while !isStopping {
            descriptors = clients.map { pollfd(fd: $0.fd, events: Int16($0.connecting ? POLLOUT : POLLIN), revents: 0) }
            guard poll(&descriptors, nfds_t(descriptors.count), 100) >= 0 else {
                if errno == EINTR { continue }
                return
            }
            for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
                if !serve(&clients[index], revents: descriptor.revents) {
                    close(clients[index].fd)
                    clients[index] = connect()
                }
            }
        }
    }

    /// A new non-blocking connection, its connect under way.
    private func connect() -> Client {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return Client(fd: fd)
    }

    /// Handles what poll reported on `client`; false when it must be opened again.
    private func serve(_ client: inout Client, revents: Int16) -> Bool {
        if client.connecting {
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(client.fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0 else { return false }
            client.connecting = false
            condition.lock()
            connected += 1
            condition.broadcast()
            condition.unlock()
            return (0..<Self.inFlight).allSatisfy { _ in send(client.fd) }
        }
        let count = recv(client.fd, &chunk, chunk.count, 0)
        if count < 0 { return errno == EAGAIN || errno == EINTR }
        guard count > 0 else { return false }
        client.buffer += chunk.prefix(count)
        var consumed = 0
        while let (length, closes) = Self.response(in: client.buffer, from: consumed) {
            consumed += length
            condition.lock()
            answered += 1
            condition.broadcast()
            condition.unlock()
            if closes { client.closing = true }
            if !client.closing, !send(client.fd) { return false }
        }
        client.buffer.removeFirst(consumed)
        return true
    }

    private func send(_ fd: Int32) -> Bool {
        request.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == request.count
    }

    /// The length of the first whole response in `buffer` from `start` and whether it closes its
    /// connection; nil until one has arrived whole. Found with memchr, not a byte loop in Swift: a
    /// slow reader leaves the answers in its own socket buffers and the server's side of each
    /// connection idle, and the code before the fix let a new client in whenever one was.
    private static func response(in buffer: [UInt8], from start: Int) -> (length: Int, closes: Bool)? {
        buffer.withUnsafeBytes { raw -> (length: Int, closes: Bool)? in
            guard let base = raw.baseAddress else { return nil }
            var end = start
            while true {
                guard raw.count - end >= 4, let found = memchr(base + end, 13, raw.count - end - 3) else { return nil }
                end = base.distance(to: UnsafeRawPointer(found))
                if raw[end + 1] == 10, raw[end + 2] == 13, raw[end + 3] == 10 { break }
                end += 1
            }
            let head = String(decoding: UnsafeRawBufferPointer(rebasing: raw[start..<end]), as: UTF8.self).lowercased()
            var length = 0
            var closes = false
            for line in head.split(separator: "\r\n") {
                if line.hasPrefix("content-length:") { length = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0 }
                if line.hasPrefix("connection:"), line.contains("close") { closes = true }
            }
            let total = end + 4 + length
            return raw.count >= total ? (total - start, closes) : nil
        }
    }
}
