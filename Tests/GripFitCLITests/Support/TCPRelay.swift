import Foundation
import Glibc

/// A TCP relay on 127.0.0.1 (a port the kernel picks, held while it lives) to a server's port,
/// counting the bytes clients send, so a test can wait for a client to speak, as an event:
/// "the save sent its statement" while the server behind it is stopped.
final class TCPRelay: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    /// Bytes clients have sent so far, under its condition.
    private var clientBytes = 0
    private let spoke = NSCondition()
    private let target: UInt16

    init(to target: Int) throws {
        self.target = UInt16(target)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard listening else {
            close(listener)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptForever() }
    }

    /// How many bytes clients have sent until now.
    var sent: Int {
        spoke.lock()
        defer { spoke.unlock() }
        return clientBytes
    }

    /// Waits until clients have sent more than `count` bytes; false at `deadline` (a bound on a hang).
    func awaitClientBytes(beyond count: Int, before deadline: Date) -> Bool {
        spoke.lock()
        defer { spoke.unlock() }
        while clientBytes <= count {
            guard spoke.wait(until: deadline) else { return clientBytes > count }
        }
        return true
    }

    /// Each client gets a connection of its own to the target and two copying threads. The relay
    /// lives as long as the test process (its threads hold it); the listener closes with the process.
    private func acceptForever() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = Self.loopback(port: target)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            guard server >= 0, connected else {
                close(client)
                if server >= 0 { close(server) }
                continue
            }
            let ends = Ends(client, server)
            Thread.detachNewThread { [self] in
                copy(from: client, to: server, counted: true)
                ends.finish()
            }
            Thread.detachNewThread { [self] in
                copy(from: server, to: client, counted: false)
                ends.finish()
            }
        }
    }

    /// A client's two sockets, closed when both directions have ended (not before: the other
    /// thread may still be reading one of them).
    private final class Ends: @unchecked Sendable {
        private let sockets: [Int32]
        private var open = 2
        private let lock = NSLock()

        init(_ client: Int32, _ server: Int32) {
            sockets = [client, server]
        }

        func finish() {
            lock.lock()
            open -= 1
            let last = open == 0
            lock.unlock()
            if last { for socket in sockets { close(socket) } }
        }
    }

    /// Copies until `source` ends, then passes the end on (a half close).
    private func copy(from source: Int32, to destination: Int32, counted: Bool) {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(source, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            if counted {
                spoke.lock()
                clientBytes += count
                spoke.broadcast()
                spoke.unlock()
            }
            var written = 0
            while written < count {
                let step = chunk[written..<count].withUnsafeBytes { write(destination, $0.baseAddress, $0.count) }
                if step < 0, errno == EINTR { continue }
                guard step > 0 else { break }
                written += step
            }
        }
        shutdown(destination, Int32(SHUT_WR))
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return address
    }
}
