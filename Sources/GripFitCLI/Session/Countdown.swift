import GripFitCore
import GripFitLinux
import Glibc

/// The rest between protocol trials: a countdown on stderr that Ctrl-C or SIGTERM can end.
enum Countdown {
    /// False when a signal ended the rest early.
    static func run(seconds: Double, before next: String) throws -> Bool {
        let signals = try SignalPipe()
        let clock = MonotonicClock()
        let end = clock.now() + .milliseconds(Int(seconds * 1000))
        while true {
            let remaining = end - clock.now()
            guard remaining > .zero else { break }
            StandardOutput.error("rest: \(Int((Double(remaining.nanoseconds) / 1e9).rounded(.up))) s before the \(next)")
            var descriptor = pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let wait = Int32(min(1_000, max(1, remaining.nanoseconds / 1_000_000)))
            if poll(&descriptor, 1, wait) > 0, !signals.drain().isEmpty { return false }
        }
        return true
    }
}
