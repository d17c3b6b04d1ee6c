/// One reading as the device sent it, with its time since the session started. Stored as is, so a
/// session can be re-analysed under a later calibration.
public struct RawSample: Equatable, Hashable, Sendable {
    /// Microseconds since the session started.
    public var micros: Int64
    public var raw: Int32

    public init(micros: Int64, raw: Int32) {
        self.micros = micros
        self.raw = raw
    }

    public var seconds: Double { Double(micros) / 1e6 }
}
