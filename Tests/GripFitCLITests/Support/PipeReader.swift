import Foundation
import Glibc

/// Reads what a running child writes to a pipe until it says a given text: a test waits for the
/// line it needs, with a deadline that only bounds a hang.
enum PipeReader {
    /// What `pipe` says until it holds `text`, or until `deadline`, or until it closes.
    static func text(of pipe: Pipe, until text: String, before deadline: ContinuousClock.Instant) -> String {
        self.text(of: pipe, before: deadline) { $0.contains(text) }
    }

    /// What `pipe` says until `done` holds for all of it, or until `deadline`, or until it closes.
    static func text(of pipe: Pipe, before deadline: ContinuousClock.Instant, until done: (String) -> Bool) -> String {
        let fd = pipe.fileHandleForReading.fileDescriptor
        var said: [UInt8] = []
        while !done(String(decoding: said, as: UTF8.self)) {
            let left = deadline - .now
            guard left > .zero else { break }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left.components.seconds * 1000 + 1)) > 0 else { break }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { break }
            said += chunk.prefix(count)
        }
        return String(decoding: said, as: UTF8.self)
    }
}
