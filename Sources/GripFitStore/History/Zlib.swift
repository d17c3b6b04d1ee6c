import CZlib
import GripFitRecords

/// zlib deflate for trace blobs: Debian's zlib1g is on every machine, so no package is needed.
public enum Zlib {
    /// Traces are at most a few MB; anything claiming more is corrupt.
    public static let maximumInflatedSize = 64 * 1024 * 1024

    public static func compress(_ input: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { source in
                compress2(out.baseAddress, &length, source.baseAddress, uLong(input.count), Z_BEST_COMPRESSION)
            }
        }
        // Z_MEM_ERROR is the only failure with a correctly sized buffer; there is no recovery from it.
        precondition(status == Z_OK, "zlib compress2 failed: \(status)")
        return Array(output.prefix(Int(length)))
    }

    /// Inflates to exactly `expectedSize` bytes, as recorded beside the blob.
    public static func decompress(_ input: [UInt8], expectedSize: Int) throws(StoreError) -> [UInt8] {
        guard expectedSize >= 0, expectedSize <= maximumInflatedSize else {
            throw .corrupt("trace claims \(expectedSize) bytes")
        }
        var length = uLong(expectedSize)
        var output = [UInt8](repeating: 0, count: max(1, expectedSize))
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { source in
                uncompress(out.baseAddress, &length, source.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK, Int(length) == expectedSize else { throw .corrupt("trace does not inflate (zlib \(status))") }
        return Array(output.prefix(expectedSize))
    }
}
