import Glibc
import GripFitCore
import Testing

@testable import GripFitLinux

/// The driver with a transport of its own, as network ports plug in: a connect under way is
/// finished in the poll loop, and one that never finishes is given up at its timeout.
@Suite struct LinkDriverTransportTests {
    /// A "connect" that never completes: the read end of a pipe never becomes writable.
    final class StalledConnect: PortTransport {
        let path = "tcp://192.0.2.1:4001"
        let fileDescriptor: Int32
        private let writeEnd: Int32
        var pollEvents: Int16 { Int16(POLLOUT) }
        var isConnected: Bool { false }
        var connectTimeout: Duration { .milliseconds(150) }
        private(set) var closed = false

        init() {
            var ends: [Int32] = [-1, -1]
            _ = Glibc.pipe(&ends)
            fileDescriptor = ends[0]
            writeEnd = ends[1]
        }

        deinit {
            Glibc.close(fileDescriptor)
            Glibc.close(writeEnd)
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws(PortError) -> Int { 0 }
        func write(_ bytes: [UInt8]) throws(PortError) {}
        func close() { closed = true }
    }

    @Test func aConnectThatNeverFinishesFailsAtItsTimeoutAsUnreachable() throws {
        let transport = StalledConnect()
        let driver = LinkDriver(open: { () throws(PortError) in transport })
        var states: [LinkState] = []
        // The run's own deadline is far off: only the connect's deadline (the driver's clock past
        // it) can end it with a state, and only that path says "no answer within" (below).
        try driver.run(until: MonotonicClock().now() + .seconds(60)) { report, _ in
            if case .state(let state) = report { states.append(state) }
            return states.isEmpty
        }
        #expect(states == [.error(.dongleMissing)], "no portOpened while the connect is under way")
        #expect(transport.closed)
        guard case .unreachable(let path, let reason) = driver.lastPortError else {
            Issue.record("expected unreachable, got \(String(describing: driver.lastPortError))")
            return
        }
        #expect(path == transport.path)
        #expect(reason.contains("no answer within"))
    }
}
