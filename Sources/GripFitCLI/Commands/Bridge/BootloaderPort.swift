import Glibc
import GripFitLinux

/// The serial port of a dongle that is to take an update: asked first whether it is a running
/// bridge (`BRIDGE:INFO`), then the bootloader's DFU frames go through it with a deadline for each
/// answer. The Linux edge of ``DFUTransfer``, which decides everything else.
final class BootloaderPort {
    let port: SerialPort

    init(path: String) throws(PortError) {
        port = try SerialPort.open(path: path)
    }

    /// The version a running bridge reports, or nil when nothing answered `BRIDGE:INFO` within
    /// `timeout`: a bootloader, whose SLIP decoder drops the text at the next frame's 0xC0.
    func bridgeVersion(timeout: Duration) throws(PortError) -> String? {
        try port.write(Array("BRIDGE:INFO\n".utf8))
        let deadline = ContinuousClock.now + timeout
        var text: [UInt8] = []
        while ContinuousClock.now < deadline {
            text += try read(until: deadline)
            let lines = String(decoding: text, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            if let line = lines.first(where: { $0.hasPrefix("B:BRIDGE,") }) {
                return String(line.dropFirst("B:BRIDGE,".count))
            }
        }
        return nil
    }

    func write(_ bytes: [UInt8]) throws(PortError) {
        try port.write(bytes)
    }

    /// What arrives before `deadline`; empty once it has passed with nothing.
    func read(until deadline: ContinuousClock.Instant) throws(PortError) -> [UInt8] {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return [] }
        var descriptor = pollfd(fd: port.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: (left.components.seconds * 1000) + left.components.attoseconds / 1_000_000_000_000_000 + 1)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0 {
            let code = errno
            if code == EINTR { return [] }
            throw .system(path: port.path, call: "poll", errno: code)
        }
        if ready == 0 { return [] }
        if descriptor.revents & Int16(POLLIN) == 0, descriptor.revents & Int16(POLLHUP | POLLERR) != 0 {
            throw .removed(path: port.path)
        }
        return try port.read()
    }
}
