import Foundation
import GripFitCore
import GripFitSimulator
import Synchronization
import Testing

@testable import GripFitLinux

/// Commands from other threads (the dashboard's handlers) wake the driver's poll loop at once.
@Suite(.serialized) struct CommandInboxTests {
    @Test func aCommandPostedFromAnotherThreadWakesAnIdleLoop() throws {
        var options = SimulatorOptions()
        options.faults = [.stallAnswersPing]
        let dongle = try VirtualDongle(options: options)
        dongle.start()
        defer { dongle.stop() }
        // No deadline of the machine's own for a minute: only the inbox can wake the loop.
        var timings = LinkTimings()
        timings.staleAfter = .seconds(60)
        let driver = LinkDriver(portPath: dongle.path, timings: timings)
        let inbox = try #require(driver.inbox)
        let clock = MonotonicClock()
        var lastReading: MonotonicInstant?
        let postedAt = PostedAt()
        var taredAt: MonotonicInstant?
        var wakeAt: MonotonicInstant? = clock.now() + .seconds(1)
        driver.consumers = [
            ReportHandler(
                deadline: { wakeAt },
                tick: { now in
                    wakeAt = nil
                    // Once readings have stopped for a second, the loop sleeps in poll() with nothing due.
                    guard let lastReading, now - lastReading > .seconds(1) else {
                        wakeAt = now + .milliseconds(500)
                        return true
                    }
                    Thread.detachNewThread {
                        postedAt.instant.withLock { $0 = clock.now() }
                        inbox.post(.device(.tare))
                    }
                    return true
                }
            )
        ]
        try driver.run(until: clock.now() + .seconds(12)) { report, now in
            switch report {
            case .message(.reading): lastReading = now
            case .message(.status(.tared)):
                taredAt = now
                return false
            default: break
            }
            return true
        }
        let posted = try #require(postedAt.instant.withLock { $0 }, "the tare was never posted")
        let tared = try #require(taredAt, "the tare never reached the simulator")
        #expect(tared - posted < .milliseconds(500))
    }

    final class PostedAt: Sendable {
        let instant = Mutex<MonotonicInstant?>(nil)
    }

    @Test func theInboxIsBounded() throws {
        let inbox = try CommandInbox()
        for _ in 0..<CommandInbox.capacity { #expect(inbox.post(.device(.ping))) }
        #expect(!inbox.post(.device(.ping)))
        #expect(inbox.take().count == CommandInbox.capacity)
        #expect(inbox.post(.device(.ping)))
    }
}
