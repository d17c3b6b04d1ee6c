import GripFitRecords
import GripFitStore
import Testing

struct ZlibTests {
    @Test func roundTrips() throws {
        let input = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 % 7) }
        let compressed = Zlib.compress(input)
        #expect(compressed.count < input.count / 10)
        #expect(try Zlib.decompress(compressed, expectedSize: input.count) == input)
    }

    @Test func refusesWrongSizesAndGarbage() {
        let compressed = Zlib.compress(Array(repeating: 1, count: 100))
        #expect(throws: StoreError.self) { try Zlib.decompress(compressed, expectedSize: 99) }
        #expect(throws: StoreError.self) { try Zlib.decompress([1, 2, 3], expectedSize: 10) }
        #expect(throws: StoreError.self) { try Zlib.decompress(compressed, expectedSize: Zlib.maximumInflatedSize + 1) }
    }
}
