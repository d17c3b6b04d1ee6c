/// An output written once per session wake-up: events are appended here as bytes and
/// ``flush()`` (from a consumer's `idle`) writes them in one `write(2)` before the loop sleeps,
/// so a reader still sees each event as soon as it was read. One `write` per event was 28 % of
/// `monitor` in a flood. Where the bytes go is injected: stdout in the CLI, an array in tests.
public final class BatchedOutput {
    /// Past this a flood is written out before the wake-up ends, so the buffer stays bounded.
    public static let flushThreshold = 64 * 1024

    public var bytes: [UInt8] = []
    /// Set once the destination is gone (a closed pipe); nothing is written after that.
    public private(set) var failed = false
    /// Writes every byte given; false once the destination is gone.
    private let destination: ([UInt8]) -> Bool

    public init(writingTo destination: @escaping ([UInt8]) -> Bool) {
        self.destination = destination
        bytes.reserveCapacity(Self.flushThreshold)
    }

    public func line(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        flushIfFull()
    }

    public func flushIfFull() {
        if bytes.count >= Self.flushThreshold { flush() }
    }

    /// False once the destination is gone.
    @discardableResult
    public func flush() -> Bool {
        if !bytes.isEmpty, !failed { failed = !destination(bytes) }
        bytes.removeAll(keepingCapacity: true)
        return !failed
    }
}
