import CGripFitShims
import Foundation
import GripFitSimulator
import Testing

/// The socket the native bridge's fake radio talks to (firmware-bridge/native/src/GripFitLink.cpp).
@Suite(.timeLimit(.minutes(15))) struct GripFitServerTests {
    /// The radio's three messages: nothing streams before `UP`, the device introduces itself and
    /// answers commands while up, and `DOWN` stops it.
    @Test func streamsOnlyWhileTheLinkIsUp() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gripfit-server-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("gripfit.sock").path
        var options = SimulatorOptions()
        options.pattern = .counter
        // Handed to the serving thread, which alone uses it from then on.
        nonisolated(unsafe) let server = try GripFitServer(path: path, options: options)
        var stop: [Int32] = [0, 0]
        #expect(pipe(&stop) == 0)
        let stopRead = stop[0]
        let finished = DispatchSemaphore(value: 0)
        Thread {
            try? server.run(stop: stopRead)
            finished.signal()
        }.start()
        defer {
            var byte: UInt8 = 1
            _ = write(stop[1], &byte, 1)
            finished.wait()
            close(stop[0])
            close(stop[1])
        }

        let radio = gripfit_unix_connect(path)
        try #require(radio >= 0)
        defer { close(radio) }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(radio, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))

        send("CMD:PING\n", to: radio)
        #expect(lines(from: radio, for: 0.3).isEmpty)

        send("UP\n", to: radio)
        send("CMD:PING\n", to: radio)
        // Waits for the lines, not for a fixed time: a loaded CI machine may be slow to serve them.
        let up = lines(from: radio, for: 10) { $0.count >= 5 }
        #expect(Array(up.prefix(3)) == ["D:GRIPFIT,1.0", "S:READY", "S:PONG"])
        let readings = Array(up.dropFirst(3))
        #expect(readings.count >= 2)
        #expect(readings == (0..<readings.count).map { "R:\($0 + 1)" })

        send("DOWN\n", to: radio)
        // What was in flight drains; then the stream stays quiet.
        _ = lines(from: radio, for: 10, quietFor: 0.5)
        #expect(lines(from: radio, for: 0.3).isEmpty)
    }

    private func send(_ text: String, to socket: Int32) {
        let bytes = Array(text.utf8)
        #expect(write(socket, bytes, bytes.count) == bytes.count)
    }

    /// Every whole line that arrives within `seconds`, or until `enough` says so, or until none
    /// has come for `quietFor` seconds.
    private func lines(
        from socket: Int32,
        for seconds: Double,
        quietFor: Double? = nil,
        until enough: ([String]) -> Bool = { _ in false }
    ) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var lastArrival = Date()
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        func whole() -> [String] {
            let complete = received.lastIndex(of: UInt8(ascii: "\n")).map { received[...$0] } ?? []
            return String(decoding: complete, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        while Date() < deadline {
            let count = read(socket, &buffer, buffer.count)
            if count > 0 {
                received += buffer.prefix(count)
                lastArrival = Date()
                if enough(whole()) { break }
            } else if let quietFor, Date().timeIntervalSince(lastArrival) >= quietFor {
                break
            }
        }
        return whole()
    }
}
