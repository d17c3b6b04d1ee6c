import Foundation

/// The packages in Fixtures/ (see its README.md), read as bytes.
enum PackageFixtures {
    static func bytes(_ name: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        return Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }
}
