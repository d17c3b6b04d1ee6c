/// Why a stored trace could not be read back; the blob is from disk or an import file, so untrusted.
public enum TraceCodecError: Error, Equatable, Sendable {
    case badHeader
    case truncated
    case tooLarge(count: UInt64)
    case valueOutOfRange
}
