import CGripFitShims
import Glibc
import GripFitCore
import GripFitLinux

/// The simulated GripFit alone, served on a Unix socket for the native bridge's fake radio
/// (firmware-bridge/native), so that the real bridge code talks to the same model of the device as
/// every other test. The radio sends `UP` when notifications are enabled, `DOWN` when the link is
/// gone, and each RX write (a `CMD:` line); the device's lines go back while the link is up.
/// One radio at a time; the server ends when it leaves.
public final class GripFitServer {
    /// A radio line longer than this is dropped: no GripFit command comes near it.
    static let lineLimit = 128

    private let listener: Int32
    private let clock: MonotonicClock
    private var device: SimulatedGripFit
    private var linkUp = false

    public init(path: String, options: SimulatorOptions) throws(SystemError) {
        let fd = gripfit_unix_listen(path)
        guard fd >= 0 else { throw SystemError(call: "listen \(path)", errno: errno) }
        listener = fd
        device = SimulatedGripFit(options: options)
        clock = MonotonicClock(speed: options.speed)
    }

    deinit { close(listener) }

    /// Serves one radio until it disconnects, or `stop` (a signal pipe, say) becomes readable.
    public func run(stop: Int32) throws(SystemError) {
        device.started(at: clock.now())
        guard let radio = try accept(stop: stop) else { return }
        defer { close(radio) }
        var framer = LineFramer(maximumLineLength: Self.lineLimit)
        while true {
            let now = clock.now()
            let timeout = clock.pollTimeout(until: device.nextDeadline, from: now)
            var descriptors = [
                pollfd(fd: radio, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&descriptors, 2, timeout) < 0 {
                if errno == EINTR { continue }
                throw SystemError(call: "poll", errno: errno)
            }
            if descriptors[1].revents != 0 { return }
            if descriptors[0].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 512)
                let count = read(radio, &buffer, buffer.count)
                if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return }
                for case .line(let text) in framer.append(buffer.prefix(max(0, count))) {
                    try send(handle(text, at: clock.now()), to: radio)
                }
            }
            try send(device.advance(to: clock.now(), deliver: linkUp), to: radio)
        }
    }

    private func handle(_ line: String, at now: MonotonicInstant) -> [String] {
        switch line {
        case "UP":
            linkUp = true
            return device.connected(at: now)
        case "DOWN":
            linkUp = false
            device.disconnected()
            return []
        default:
            return linkUp ? device.command(line, at: now) : []
        }
    }

    private func accept(stop: Int32) throws(SystemError) -> Int32? {
        while true {
            var descriptors = [
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&descriptors, 2, -1) < 0 {
                if errno == EINTR { continue }
                throw SystemError(call: "poll", errno: errno)
            }
            if descriptors[1].revents != 0 { return nil }
            let radio = Glibc.accept(listener, nil, nil)
            if radio >= 0 { return radio }
            if errno != EAGAIN, errno != EINTR { throw SystemError(call: "accept", errno: errno) }
        }
    }

    /// The radio reads at once (its own buffer is bounded and it stops reading only while full), so
    /// a blocking write of the few lines due is fine.
    private func send(_ lines: [String], to radio: Int32) throws(SystemError) {
        guard !lines.isEmpty else { return }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(radio, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE || errno == ECONNRESET { return }
                throw SystemError(call: "write socket", errno: errno)
            }
            offset += written
        }
    }
}
