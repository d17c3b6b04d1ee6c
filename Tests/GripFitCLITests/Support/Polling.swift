import Foundation

/// Waits for a condition no pipe or file announces (a count an in-process simulator keeps), looking
/// every few milliseconds: the deadline only bounds a hang, and the wait ends as soon as it holds.
enum Polling {
    /// True once `done` holds, false if `deadline` passed first.
    static func until(before deadline: ContinuousClock.Instant, _ done: () -> Bool) -> Bool {
        while !done() {
            guard ContinuousClock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }
}
