import GripFitCore
import Testing

struct SHA256Tests {
    /// FIPS 180-4's examples, a message across several blocks, and padding's edge (55 and 56 bytes).
    @Test func matchesTheStandardsVectors() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func hashesInPiecesAsWhole() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var hasher = SHA256()
        hasher.update(bytes[..<55])
        hasher.update(bytes[55...])
        #expect(hasher.finalize() == SHA256.hash(bytes))
        #expect(SHA256.hash(bytes[..<56]) != SHA256.hash(bytes[..<55]))
    }

    /// RFC 4231's test cases 1 and 6 (a key longer than a block is hashed first).
    @Test func hmacMatchesRFC4231() {
        let short = HMACSHA256.tag(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8))
        #expect(SHA256.hexadecimal(short) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        let long = HMACSHA256.tag(
            key: [UInt8](repeating: 0xaa, count: 131),
            message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)
        )
        #expect(SHA256.hexadecimal(long) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }
}
