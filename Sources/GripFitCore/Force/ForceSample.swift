/// A force value at a time, in whatever unit the caller chose; analysis is unit-agnostic because
/// every metric scales linearly with force.
public struct ForceSample: Equatable, Sendable {
    /// Seconds since the session started.
    public var time: Double
    public var value: Double

    public init(time: Double, value: Double) {
        self.time = time
        self.value = value
    }
}
