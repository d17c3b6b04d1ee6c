import Foundation
import GripFitCore
import GripFitRecords

/// A trace as the `trace` table holds it, encoded and compressed before the transaction opens, so a
/// trace the store could not read back is refused before anything is written.
package struct StoredTrace {
    package let inflatedSize: Int
    package let blob: Data

    package init(_ trace: RawTrace) throws(StoreError) {
        let encoded = TraceCodec.encode(trace)
        guard encoded.count <= Zlib.maximumInflatedSize else {
            throw .traceTooLarge(bytes: encoded.count, limit: Zlib.maximumInflatedSize)
        }
        inflatedSize = encoded.count
        blob = Data(Zlib.compress(encoded))
    }
}
