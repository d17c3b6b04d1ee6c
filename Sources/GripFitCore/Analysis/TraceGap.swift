/// A stretch with no readings because the link was down. Marked, never interpolated: analysis does
/// not integrate or differentiate across it.
public struct TraceGap: Equatable, Hashable, Sendable {
    /// Microseconds since the session started, when the link went down.
    public var startMicros: Int64
    /// When it came back, or when the session ended without it.
    public var endMicros: Int64

    public init(startMicros: Int64, endMicros: Int64) {
        self.startMicros = startMicros
        self.endMicros = endMicros
    }

    public var start: Double { Double(startMicros) / 1e6 }
    public var end: Double { Double(endMicros) / 1e6 }
}
