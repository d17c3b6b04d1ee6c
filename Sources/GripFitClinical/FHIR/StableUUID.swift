/// A UUID that is a pure function of a name, so the same export writes the same `urn:uuid:`
/// fullUrls byte for byte. Two 64-bit FNV-1a hashes of the name make its 128 bits, with the
/// version set to 8 (RFC 9562's custom layout) and the RFC variant: no clash with random UUIDs'
/// version 4, and no cryptographic claim (the names are not secret, only stable).
enum StableUUID {
    static func make(_ name: String) -> String {
        let bytes = Array(name.utf8)
        let high = fnv1a(bytes, seed: 0xcbf2_9ce4_8422_2325)
        let low = fnv1a(bytes, seed: 0x6c62_272e_07bb_0142)
        let versioned = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_8000
        let varianted = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        let hex = hex64(versioned) + hex64(varianted)
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }

    private static func fnv1a(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    private static func hex64(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
