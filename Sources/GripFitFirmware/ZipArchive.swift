import CZlib

/// A zip file read in memory: the central directory, then each entry by name, stored or deflated
/// (zlib's raw inflate), its CRC-32 checked. Enough for DFU packages; no ZIP64, no encryption.
public struct ZipArchive: Sendable {
    public struct Entry: Sendable {
        public let name: String
        let method: UInt16
        let crc32: UInt32
        let compressedSize: Int
        let size: Int
        let localHeaderOffset: Int
    }

    /// A DFU package is a few hundred kB; anything claiming more is not one.
    static let maximumEntrySize = 16 * 1024 * 1024

    public let entries: [Entry]
    private let bytes: [UInt8]

    public init(bytes: [UInt8]) throws(DFUPackageError) {
        self.bytes = bytes
        // The end-of-central-directory record: 22 bytes plus a comment of at most 65535.
        let lowest = max(0, bytes.count - 22 - 65535)
        var end: Int?
        var at = bytes.count - 22
        while at >= lowest {
            if Self.u32(bytes, at) == 0x0605_4b50 {
                end = at
                break
            }
            at -= 1
        }
        guard let end else { throw .notAZip(head: Array(bytes.prefix(8))) }
        let count = Int(Self.u16(bytes, end + 10))
        var offset = Int(Self.u32(bytes, end + 16))
        var entries: [Entry] = []
        for _ in 0..<count {
            guard offset + 46 <= bytes.count, Self.u32(bytes, offset) == 0x0201_4b50 else {
                throw .damagedZip(reason: "central directory entry \(entries.count + 1) of \(count) is not where the zip says")
            }
            let nameLength = Int(Self.u16(bytes, offset + 28))
            let extraLength = Int(Self.u16(bytes, offset + 30))
            let commentLength = Int(Self.u16(bytes, offset + 32))
            guard offset + 46 + nameLength <= bytes.count else { throw .damagedZip(reason: "a name runs past the end") }
            let name = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            entries.append(
                Entry(
                    name: name,
                    method: Self.u16(bytes, offset + 10),
                    crc32: Self.u32(bytes, offset + 16),
                    compressedSize: Int(Self.u32(bytes, offset + 20)),
                    size: Int(Self.u32(bytes, offset + 24)),
                    localHeaderOffset: Int(Self.u32(bytes, offset + 42))
                )
            )
            offset += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// The entry's bytes, inflated if deflated, its CRC-32 checked.
    public func contents(of name: String) throws(DFUPackageError) -> [UInt8] {
        guard let entry = entries.first(where: { $0.name == name }) else { throw .missingEntry(name: name) }
        let header = entry.localHeaderOffset
        guard header + 30 <= bytes.count, Self.u32(bytes, header) == 0x0403_4b50 else {
            throw .damagedZip(reason: "\(name)'s local header is not where the central directory says")
        }
        let start = header + 30 + Int(Self.u16(bytes, header + 26)) + Int(Self.u16(bytes, header + 28))
        guard entry.size <= Self.maximumEntrySize, start <= bytes.count, entry.compressedSize <= bytes.count - start else {
            throw .damagedZip(reason: "\(name) claims \(entry.compressedSize) bytes, past the end of the file")
        }
        let stored = Array(bytes[start..<(start + entry.compressedSize)])
        let contents: [UInt8]
        switch entry.method {
        case 0:
            contents = stored
        case 8:
            contents = try Self.inflate(stored, size: entry.size, name: name)
        default:
            throw .unsupportedCompression(name: name, method: entry.method)
        }
        let computed = Self.crc32(contents)
        guard contents.count == entry.size, computed == entry.crc32 else {
            throw .entryCRC32Mismatch(name: name, stored: entry.crc32, computed: computed)
        }
        return contents
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }

    private static func inflate(_ input: [UInt8], size: Int, name: String) throws(DFUPackageError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: max(1, size))
        var stream = z_stream()
        // -15: raw deflate, as zip stores it (no zlib header).
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .damagedZip(reason: "zlib cannot start inflating \(name)")
        }
        defer { inflateEnd(&stream) }
        var input = input
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == size else {
            throw .damagedZip(reason: "\(name) does not inflate to its \(size) bytes (zlib \(status))")
        }
        return Array(output.prefix(size))
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        guard at >= 0, at + 2 <= bytes.count else { return 0 }
        return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        guard at >= 0, at + 4 <= bytes.count else { return 0 }
        return UInt32(u16(bytes, at)) | UInt32(u16(bytes, at + 2)) << 16
    }
}
