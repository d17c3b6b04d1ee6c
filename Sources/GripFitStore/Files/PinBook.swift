import Foundation
import Glibc
import GripFitOutput
import GripFitRecords

/// Which GripFit each dongle is pinned to (`--device`), so the next session asks the bridge for the
/// same one again even if the bridge's own pin was lost (a reflash, another host). One small JSON
/// object under `$XDG_CONFIG_HOME/gripfit`, file 0600 in a 0700 directory, replaced atomically.
public struct PinBook: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Dongle key → BLE address; an absent file is an empty book.
    public func all() throws(StoreError) -> [String: String] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard data.count <= 65_536 else {
                throw StoreError.corrupt("\(path) is larger than 64 KiB; delete it and pin again with --device")
            }
            return try JSONDecoder().decode([String: String].self, from: data)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .unavailable(path: path, reason: "unreadable pin file (\(error)); delete it and pin again with --device")
        }
    }

    public func pin(for dongle: String) throws(StoreError) -> String? {
        try all()[dongle]
    }

    /// Remembers `address` for `dongle`; nil forgets it (`--device any`).
    public func set(_ address: String?, for dongle: String) throws(StoreError) {
        var book = try all()
        book[dongle] = address
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = path + ".tmp"
        do {
            try FileManager.default.createDirectory(
                atPath: directory,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
            let data = try encoder.encode(book)
            unlink(temporary)
            guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
                throw StoreError.unavailable(path: temporary, reason: "cannot create it; check that \(directory) is writable")
            }
            guard rename(temporary, path) == 0 else {
                let code = errno
                throw StoreError.unavailable(path: path, reason: "rename failed: \(ErrnoText(code))")
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .unavailable(path: path, reason: "cannot write the pin (\(error.localizedDescription))")
        }
    }
}
