import Foundation
import Glibc
import GripFitDashboard
import ScratchSupport
import Testing

/// The named tokens' file: salted hashes only, 0600 in a 0700 directory, replaced atomically, and a
/// damaged file named with its fix.
struct TokenStoreTests {
    let directory = Scratch.directory("tokens")
    var path: String { directory + "/gripfit/dashboard-tokens.json" }
    /// A fixed clock: 2026-11-28 05:00:00 UTC.
    var store: TokenStore { TokenStore(path: path, clock: { Date(timeIntervalSince1970: 1_795_842_000) }) }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    @Test func anAddedTokenIsFoundByItsHolderAndKeptOnlyAsASaltedHash() throws {
        let store = store
        let viewer = try store.add(name: "reception", role: .viewer)
        let clinician = try store.add(name: "dr-lee", role: .clinician)
        #expect(viewer.count == 64 && viewer != clinician)
        #expect(try store.holder(for: Substring(viewer)) == TokenHolder(name: "reception", role: .viewer))
        #expect(try store.holder(for: Substring(clinician)) == TokenHolder(name: "dr-lee", role: .clinician))
        let wrong = String(viewer.dropLast()) + (viewer.hasSuffix("0") ? "1" : "0")
        #expect(try store.holder(for: Substring(wrong)) == nil)
        #expect(try store.holder(for: "") == nil)

        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains(viewer) && !text.contains(clinician), "the file never holds a token")
        #expect(Self.mode(path) == 0o600)
        #expect(Self.mode(directory + "/gripfit") == 0o700)
        let entries = try store.entries()
        #expect(entries.map(\.name) == ["reception", "dr-lee"])
        #expect(entries.map(\.role) == [.viewer, .clinician])
        #expect(entries.allSatisfy { $0.created == "2026-11-28T05:00:00Z" }, "\(entries)")
    }

    @Test func theSameTokenTextGivesDifferentHashesUnderDifferentSalts() throws {
        let store = store
        _ = try store.add(name: "a", role: .viewer)
        _ = try store.add(name: "b", role: .viewer)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let tokens = try #require(object?["tokens"] as? [[String: Any]])
        let salts = Set(tokens.compactMap { $0["salt"] as? String })
        #expect(salts.count == 2 && salts.allSatisfy { $0.count == 32 })
    }

    @Test func aRevokedTokenNoLongerLetsItsHolderIn() throws {
        let store = store
        let token = try store.add(name: "temp", role: .admin)
        #expect(try store.revoke(name: "temp") == .admin)
        #expect(try store.holder(for: Substring(token)) == nil)
        #expect(try store.entries().isEmpty)
        // Another process's store (the running dashboard's) sees the change too.
        let other = TokenStore(path: path)
        let again = try store.add(name: "temp", role: .viewer)
        #expect(try other.holder(for: Substring(again))?.role == .viewer)
        _ = try store.revoke(name: "temp")
        #expect(try other.holder(for: Substring(again)) == nil)
    }

    @Test func namesAreCheckedAndUnique() throws {
        let store = store
        _ = try store.add(name: "desk", role: .viewer)
        #expect(throws: TokenStore.Failure.self) { try store.add(name: "desk", role: .admin) }
        for bad in ["", "two words", "a/b", String(repeating: "x", count: 65)] {
            #expect(throws: TokenStore.Failure.self) { try store.add(name: bad, role: .viewer) }
        }
        do {
            try store.revoke(name: "nobody")
            Issue.record("revoking an unknown name succeeded")
        } catch {
            #expect("\(error)".contains(path) && "\(error)".contains("desk"), "\(error)")
        }
    }

    @Test func aDamagedFileIsNamedWithItsFix() throws {
        let store = store
        _ = try store.add(name: "desk", role: .viewer)
        try Data("{\"tokens\": [".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try store.entries()
            Issue.record("a damaged file was read")
        } catch {
            #expect("\(error)".contains(path), "\(error)")
            #expect("\(error)".contains("dashboard token add"), "\(error)")
        }
        #expect(throws: TokenStore.Failure.self) { try store.holder(for: "anything") }
    }

    @Test func anAbsentFileHoldsNoTokens() throws {
        #expect(try store.entries().isEmpty)
        #expect(try store.holder(for: "0123456789abcdef") == nil)
    }
}
