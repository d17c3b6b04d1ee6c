import CGripFitShims
import Glibc

/// A bare pty for tests: the test holds the master and plays the dongle by hand.
final class PseudoTerminal {
    let master: Int32
    let path: String

    init() throws {
        var name = [CChar](repeating: 0, count: 128)
        master = gripfit_open_pty(&name, UInt(name.count))
        guard master >= 0 else { throw PseudoTerminalError(errno: errno) }
        path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        closeMaster()
    }

    private var closed = false

    func closeMaster() {
        guard !closed else { return }
        closed = true
        close(master)
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// Waits up to `milliseconds` for the host to write, and returns what it wrote.
    func read(waiting milliseconds: Int32 = 1000) -> String {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return "" }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(master, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : ""
    }
}

struct PseudoTerminalError: Error {
    let errno: Int32
}
