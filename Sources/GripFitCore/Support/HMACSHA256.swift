/// HMAC-SHA256 (RFC 2104): the keyed digest the audit trail keeps of a subject code instead of the
/// code, so a forgotten subject's entries name nobody to whoever lacks the history's key.
public enum HMACSHA256 {
    /// The 32-byte tag of `message` under `key`.
    public static func tag(key: [UInt8], message: some Sequence<UInt8>) -> [UInt8] {
        var block = key.count > 64 ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        outer.update(inner.finalize())
        return outer.finalize()
    }
}
