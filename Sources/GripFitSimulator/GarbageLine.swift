import GripFitCore

/// The junk a noisy link or a buggy firmware puts on the wire. Each entry is exactly one line that
/// a correct host must report as exactly one warning and otherwise ignore.
enum GarbageLine {
    static let all: [[UInt8]] = [
        Array("R:abc\n".utf8),
        Array("R:\n".utf8),
        Array("R:99999999999\n".utf8),
        Array("S:RATE:x\n".utf8),
        Array("D:GRIPFIT\n".utf8),
        Array("B:FOUND,zz\n".utf8),
        Array("X:hello\n".utf8),
        // Terminal escape sequences and a bell: must never reach the user's terminal raw.
        Array("\u{1B}[2J\u{1B}]0;pwned\u{07}ZAP\n".utf8),
        [0xFF, 0xFE, 0x52, 0x3A, 0x31, 0x0A],
        Array(("R:" + String(repeating: "9", count: 300) + "\n").utf8),
    ]

    static func pick(using random: inout SeededRandom) -> [UInt8] {
        all[Int.random(in: 0..<all.count, using: &random)]
    }
}
