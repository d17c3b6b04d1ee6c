/// The one name a session or an assessment keeps wherever it is filed: made when it is first saved
/// (128 random bits), stored with it in every history (`uid`), carried by export, import and sync,
/// so it is the same before and after `history sync` and at every station, while the numeric ids
/// are each history's own. Written as 26 characters of Crockford's base32 in lower case; users see
/// `s-` (sessions) or `a-` (assessments) and its first ``shortLength`` characters, and may give any
/// prefix that names one record only (``minimumPrefix`` characters at least), or the whole.
///
/// Rows and export files from before the names get one derived from what made them unique (device
/// and start; for an assessment, with its protocol), so every history holding a copy of the same
/// old session derives the same name for it.
public enum StableName {
    public enum Kind: String, Sendable {
        case session = "s"
        case assessment = "a"
    }

    /// 50 bits: two records of a million share a short name once in about two thousand histories,
    /// and then either is named by a longer prefix.
    public static let shortLength = 10
    public static let minimumPrefix = 4
    public static let length = 26
    package static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")

    /// A new uid: 128 bits of `generator` (the system's by default).
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> String {
        encode(generator.next(), generator.next())
    }

    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// The uid of a session saved before names: a function of its device and start only.
    public static func legacy(device: String, startedAtMilliseconds: Int64) -> String {
        derived(["session", device, "\(startedAtMilliseconds)"])
    }

    /// The uid of an assessment filed before names: a function of its device, start and protocol.
    public static func legacy(device: String, startedAtMilliseconds: Int64, protocolName: String) -> String {
        derived(["assessment", device, "\(startedAtMilliseconds)", protocolName])
    }

    /// ``legacy(device:startedAtMilliseconds:)`` for a history's migration, not yet in `taken`,
    /// and added to it (only a damaged file holds two sessions of one device and start).
    package static func legacySession(device: String, startedAtMilliseconds: Int64, taken: inout Set<String>) -> String {
        unique(["session", device, "\(startedAtMilliseconds)"], taken: &taken)
    }

    /// ``legacy(device:startedAtMilliseconds:protocolName:)`` for a history's migration, not yet in
    /// `taken`, and added to it: one history may hold two assessments of the same facts, and the
    /// later ones (in id order) count on.
    package static func legacyAssessment(
        device: String,
        startedAtMilliseconds: Int64,
        protocolName: String,
        taken: inout Set<String>
    ) -> String {
        unique(["assessment", device, "\(startedAtMilliseconds)", protocolName], taken: &taken)
    }

    private static func unique(_ parts: [String], taken: inout Set<String>) -> String {
        var uid = derived(parts)
        var clash = 0
        while taken.contains(uid) {
            clash += 1
            uid = derived(parts + ["\(clash)"])
        }
        taken.insert(uid)
        return uid
    }

    /// `s-` or `a-` and the uid's first ``shortLength`` characters.
    public static func name(_ kind: Kind, uid: String) -> String {
        "\(kind.rawValue)-" + uid.prefix(shortLength)
    }

    /// The kind and uid prefix a name gives (either case; Crockford's look-alikes i, l and o read as
    /// 1, 1 and 0); nil for text that is not a name.
    public static func parse(_ text: String) -> (kind: Kind, prefix: String)? {
        let lowered = text.lowercased()
        guard lowered.count > 2, let kind = Kind(rawValue: String(lowered.prefix(1))), lowered.dropFirst().first == "-" else {
            return nil
        }
        let prefix = String(
            lowered.dropFirst(2).map { character -> Character in
                switch character {
                case "i", "l": "1"
                case "o": "0"
                default: character
                }
            }
        )
        guard (minimumPrefix...length).contains(prefix.count), prefix.allSatisfy(alphabet.contains) else { return nil }
        return (kind, prefix)
    }

    /// Whether `text` is a whole uid as histories store it.
    public static func isUID(_ text: String) -> Bool {
        text.count == length && text.allSatisfy(alphabet.contains)
    }

    /// What a name must look like, for messages.
    public static func form(_ kind: Kind) -> String {
        "\(kind.rawValue)- and at least \(minimumPrefix) of the characters `history` shows after it"
    }

    /// Two 64-bit hashes of the parts, NUL-separated (no part holds a NUL).
    private static func derived(_ parts: [String]) -> String {
        let bytes = Array(parts.joined(separator: "\u{0}").utf8)
        return encode(fnv1a(bytes, seed: 0xcbf2_9ce4_8422_2325), fnv1a(bytes, seed: 0x6c62_272e_07bb_0142))
    }

    private static func fnv1a(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        // MurmurHash3's finaliser: FNV leaves a last byte's change in the low bits, and names show the high ones.
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        return hash ^ (hash >> 33)
    }

    /// 128 bits, five at a time from the top: 25 characters, then the last 3 bits.
    package static func encode(_ high: UInt64, _ low: UInt64) -> String {
        var characters: [Character] = []
        var high = high
        var low = low
        for _ in 0..<25 {
            characters.append(alphabet[Int(high >> 59)])
            high = (high << 5) | (low >> 59)
            low <<= 5
        }
        characters.append(alphabet[Int(high >> 61)])
        return String(characters)
    }
}
