import Foundation
import Glibc
import GripFitCore
import GripFitOutput
import GripFitRecords
import GripFitStore
import Synchronization

/// The dashboard's named tokens (`dashboard token add|list|revoke`): one JSON file, 0600 in gripfit's
/// 0700 config directory, replaced atomically. A token is kept only as SHA-256 of a random salt and
/// the token, so the file alone lets nobody in; it is shown once, when added. The running dashboard
/// reads the file again when it changes, so a revoked token stops working at its next request.
public final class TokenStore: Sendable {
    /// One token as stored: never the token itself.
    public struct Entry: Codable, Sendable, Equatable {
        public let name: String
        public let role: DashboardRole
        /// When it was added, RFC 3339 in UTC.
        public let created: String
        let salt: String
        let hash: String
    }

    /// A name taken, a name not there, a file that cannot be read or written: the sentence to show.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    struct File: Codable {
        var version = 1
        var tokens: [Entry]
    }

    /// A file no larger than this is read; a list of tokens is a few hundred bytes each.
    static let sizeLimit = 1 << 20

    public let path: String
    private let clock: @Sendable () -> Date
    /// The entries last read, and the file's identity then (inode, change time, size).
    private let cache = Mutex<(key: [Int], entries: [Entry])?>(nil)

    public init(path: String, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.path = path
        self.clock = clock
    }

    /// Beside config.toml: `$XDG_CONFIG_HOME/gripfit/dashboard-tokens.json`.
    public static func path(in paths: XDGPaths) -> String { paths.configDirectory + "/dashboard-tokens.json" }

    /// A name is 1 to 64 of A-Z a-z 0-9 - _ . (it is shown in the audit trail and on the page).
    public static func check(name: String) throws(Failure) {
        guard (1...64).contains(name.unicodeScalars.count), name.unicodeScalars.allSatisfy(isNameScalar) else {
            throw Failure(
                description: "\(name.debugDescription) is not a token name: use 1 to 64 of A-Z a-z 0-9 - _ . (such as reception-pc)."
            )
        }
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "-", "_", ".": true
        default: false
        }
    }

    /// The tokens, oldest first; none when the file is absent.
    public func entries() throws(Failure) -> [Entry] {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT { return [] }
            throw Failure(description: "\(path) cannot be read (\(ErrnoText(code))); check its permissions (it should be 0600, yours).")
        }
        let key = [Int(status.st_ino), status.st_ctim.tv_sec, status.st_ctim.tv_nsec, Int(status.st_size)]
        if let cached = cache.withLock({ $0 }), cached.key == key { return cached.entries }
        let entries = try read(size: Int(status.st_size))
        cache.withLock { $0 = (key, entries) }
        return entries
    }

    private func read(size: Int) throws(Failure) -> [Entry] {
        let fix = "remove it (rm \(path)) and add the tokens again with `gripfit-serial dashboard token add NAME --role ROLE`"
        guard size <= Self.sizeLimit else { throw Failure(description: "\(path) is over 1 MiB, not a token list; \(fix).") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw Failure(description: "\(path) cannot be read (\(error.localizedDescription)); check its permissions (0600, yours).")
        }
        do {
            let file = try JSONDecoder().decode(File.self, from: data)
            guard file.version == 1 else {
                throw Failure(description: "\(path) is version \(file.version), from a newer gripfit-serial; use that one, or \(fix).")
            }
            return file.tokens
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "\(path) is damaged (not the token list this version writes); \(fix).")
        }
    }

    private func write(_ entries: [Entry]) throws(Failure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try PrivateFiles.makeDirectory((path as NSString).deletingLastPathComponent)
            try PrivateFiles.write(Array(try encoder.encode(File(tokens: entries))) + [0x0A], to: path)
        } catch let error as StoreError {
            throw Failure(description: "\(error)")
        } catch {
            throw Failure(description: "\(path) cannot be written (\(error)); check that its directory is yours and writable.")
        }
        cache.withLock { $0 = nil }
    }

    /// Adds a token named `name` with `role`; the token, to show once (it is not kept).
    public func add(name: String, role: DashboardRole) throws(Failure) -> String {
        try Self.check(name: name)
        var entries = try self.entries()
        if entries.contains(where: { $0.name == name }) {
            throw Failure(
                description: "A token named \(name) exists already; revoke it first (dashboard token revoke \(name)) or pick another name."
            )
        }
        let token = AccessPolicy.generateToken()
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let created = ISO8601DateFormatter().string(from: clock())
        entries.append(Entry(name: name, role: role, created: created, salt: SHA256.hexadecimal(salt), hash: Self.hash(salt, token)))
        try write(entries)
        return token
    }

    /// Removes the token named `name`; its role, for the trail.
    @discardableResult
    public func revoke(name: String) throws(Failure) -> DashboardRole {
        var entries = try self.entries()
        guard let index = entries.firstIndex(where: { $0.name == name }) else {
            let known = entries.map(\.name).joined(separator: ", ")
            throw Failure(
                description: "No token is named \(name) in \(path)" + (known.isEmpty ? " (there are none)." : "; the names are \(known).")
            )
        }
        let role = entries.remove(at: index).role
        try write(entries)
        return role
    }

    /// The holder of `token`, or nil. Every entry is hashed and compared whole, so the time taken
    /// says neither which entry matched nor how much of a hash did.
    public func holder(for token: Substring) throws(Failure) -> TokenHolder? {
        var found: TokenHolder?
        for entry in try entries() {
            let salt = Self.bytes(hex: entry.salt)
            if AccessPolicy.matches(Substring(Self.hash(salt, String(token))), entry.hash), found == nil {
                found = TokenHolder(name: entry.name, role: entry.role)
            }
        }
        return found
    }

    static func hash(_ salt: [UInt8], _ token: String) -> String {
        SHA256.hex(salt + Array(token.utf8))
    }

    private static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).map { index in
            UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) ?? 0
        }
    }
}
