/// Standard output written once per session wake-up: events are appended here as bytes and
/// ``flush()`` (from ``SessionDriver/onIdle``) writes them in one `write(2)` before the loop sleeps,
/// so a reader still sees each event as soon as it was read. One `write` per event was 28 % of
/// `monitor` in a flood.
final class BatchedOutput {
    /// Past this a flood is written out before the wake-up ends, so the buffer stays bounded.
    static let flushThreshold = 64 * 1024

    var bytes: [UInt8] = []
    /// Set once stdout is gone (a closed pipe); nothing is written after that.
    private(set) var failed = false

    init() {
        bytes.reserveCapacity(Self.flushThreshold)
    }

    func line(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        flushIfFull()
    }

    func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        flushIfFull()
    }

    func flushIfFull() {
        if bytes.count >= Self.flushThreshold { flush() }
    }

    /// False once stdout is gone.
    @discardableResult
    func flush() -> Bool {
        if !bytes.isEmpty, !failed { failed = !StandardOutput.write(bytes) }
        bytes.removeAll(keepingCapacity: true)
        return !failed
    }
}
