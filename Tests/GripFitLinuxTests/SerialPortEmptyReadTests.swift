import CGripFitShims
import Glibc
import GripFitLinux
import Testing

/// A drained port must read as "nothing yet", not as an unplugged dongle (n_tty returns 0 for
/// an empty non-blocking read when VMIN is 0).
@Suite struct SerialPortEmptyReadTests {
    @Test func readingADrainedPortIsEmptyNotRemoved() throws {
        var name = [CChar](repeating: 0, count: 128)
        let master = gripfit_open_pty(&name, UInt(name.count))
        try #require(master >= 0, "gripfit_open_pty: errno \(errno)")
        defer { close(master) }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let port = try SerialPort.open(path: path)
        defer { port.close() }

        let line = Array("R:1\n".utf8)
        #expect(line.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } == line.count)
        var descriptor = pollfd(fd: port.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 5_000) == 1)
        #expect(try port.read() == line)
        #expect(try port.read() == [])
    }
}
