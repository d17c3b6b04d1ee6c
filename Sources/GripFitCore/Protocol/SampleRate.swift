/// A sample interval the device accepts (spec §1.4: 20–1000 ms). Validated here so an invalid
/// rate never reaches the wire.
public struct SampleRate: Hashable, Sendable {
    public static let allowedMilliseconds = 20...1000

    public let milliseconds: Int

    public init(milliseconds: Int) throws(CommandError) {
        guard Self.allowedMilliseconds.contains(milliseconds) else {
            throw .rateOutOfRange(milliseconds)
        }
        self.milliseconds = milliseconds
    }
}
