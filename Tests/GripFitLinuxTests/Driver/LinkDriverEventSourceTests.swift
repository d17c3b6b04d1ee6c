import Glibc
import GripFitCore
import GripFitLinux
import Testing

/// The driver's side of hotplug without umockdev: an event source (as the udev monitor is) says
/// the port was removed while the pty itself never fails, then says it is back.
@Suite struct LinkDriverEventSourceTests {
    /// Hands the driver whatever inputs the test queues, through a pipe the poll loop watches.
    final class QueuedSource: LinkEventSource {
        let fileDescriptor: Int32
        private let writeEnd: Int32
        private var queued: [LinkInput] = []

        init() throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw PseudoTerminalError(errno: errno) }
            fileDescriptor = ends[0]
            writeEnd = ends[1]
            for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        }

        deinit {
            close(fileDescriptor)
            close(writeEnd)
        }

        func send(_ input: LinkInput) {
            queued.append(input)
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }

        func readInputs() -> [LinkInput] {
            var buffer = [UInt8](repeating: 0, count: 64)
            while read(fileDescriptor, &buffer, buffer.count) > 0 {}
            defer { queued.removeAll() }
            return queued
        }
    }

    @Test func aRemovalFromASourceClosesThePortAndItsReturnReopensItAtOnce() throws {
        let pty = try PseudoTerminal()
        let source = try QueuedSource()
        // A minute of backoff: only `.portAppeared` can bring the port back within the run.
        var timings = LinkTimings()
        timings.reconnect = Backoff(initial: .seconds(60))
        let driver = LinkDriver(portPath: pty.path, timings: timings)
        driver.eventSources = [source]
        var states: [LinkState] = []
        var readings: [Int32] = []
        var closedOnRemoval = false
        let clock = MonotonicClock()
        let stop = try driver.run(until: clock.now() + .seconds(10)) { report, _ in
            switch report {
            case .state(.scanning):
                states.append(.scanning)
                pty.write(readings.isEmpty ? "R:1\n" : "R:2\n")
            case .state(let state):
                states.append(state)
                if state == .error(.dongleMissing) {
                    closedOnRemoval = driver.openPortPath == nil
                    source.send(.portAppeared)
                }
            case .message(.reading(let value)):
                readings.append(value)
                if value == 1 { source.send(.portFailed(.removed)) }
                if value == 2 { return false }
            default:
                break
            }
            return true
        }
        #expect(stop == .handler)
        #expect(closedOnRemoval)
        #expect(readings == [1, 2])
        #expect(states == [.scanning, .connected, .error(.dongleMissing), .scanning, .connected])
    }
}
