/// Makes device- or port-supplied text safe to print: control characters (C0, DEL, C1) and bytes
/// that are not UTF-8 become visible escapes, so nothing from the wire can move the cursor,
/// retitle the window or ring the bell on the user's terminal, and bidi controls become visible
/// too, so a label cannot reorder the text around it (the terminal's escaping; CSV, JSON and XML
/// have their own beside it).
public enum UntrustedText {
    public static func escaped(_ text: String) -> String {
        escaped(Array(text.utf8))
    }

    public static func escaped(_ bytes: [UInt8]) -> String {
        var result = ""
        var index = 0
        while index < bytes.count {
            let length = scalarLength(bytes, at: index)
            guard length > 0,
                let scalarText = String(validating: bytes[index..<index + length], as: UTF8.self),
                let scalar = scalarText.unicodeScalars.first
            else {
                result += "\\x" + hex(bytes[index])
                index += 1
                continue
            }
            if isControl(scalar) {
                result += scalar.value < 0x100 ? "\\x" + hex(UInt8(scalar.value)) : "\\u{" + String(scalar.value, radix: 16) + "}"
            } else if scalar == "\\" {
                result += "\\\\"
            } else {
                result += scalarText
            }
            index += length
        }
        return result
    }

    /// The inverse of ``escaped(_:)-(String)``, which escapes the backslash too and so loses
    /// nothing: `unescaped(escaped(text)) == text` for every string. Histories written before
    /// device text was stored as sent hold the escaped form. A backslash that starts none of
    /// the escapes `escaped` writes is kept, so text cut short in the middle of one stays as it is.
    public static func unescaped(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\\", let (scalar, length) = escape(scalars, at: index) {
                result.append(scalar)
                index += length
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    /// The scalar an escape at `index` stands for, and the escape's length: `\\`, `\xHH`
    /// (upper-case hex) or `\u{h…}` (lower-case hex).
    private static func escape(_ scalars: [Unicode.Scalar], at index: Int) -> (Unicode.Scalar, Int)? {
        let rest = scalars[(index + 1)...]
        if rest.first == "\\" { return ("\\", 2) }
        if rest.first == "x", rest.count >= 3 {
            let digits = String(String.UnicodeScalarView(rest.dropFirst().prefix(2)))
            guard digits.unicodeScalars.allSatisfy({ "0123456789ABCDEF".unicodeScalars.contains($0) }),
                let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value)
            else { return nil }
            return (scalar, 4)
        }
        if rest.first == "u", rest.dropFirst().first == "{", let close = rest.firstIndex(of: "}") {
            let digits = String(String.UnicodeScalarView(scalars[(index + 3)..<close]))
            guard (1...6).contains(digits.count),
                digits.unicodeScalars.allSatisfy({ "0123456789abcdef".unicodeScalars.contains($0) }),
                let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value)
            else { return nil }
            return (scalar, close - index + 1)
        }
        return nil
    }

    /// C0, DEL, C1, the line and paragraph separators and every bidi control (marks, embeddings,
    /// overrides, isolates): what must never reach a terminal or a stored label raw.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: isBidiControl(scalar)
        }
    }

    /// The marks (LRM, RLM, ALM), embeddings, overrides and isolates: invisible, yet they reorder the
    /// text around them, so a version string can print reversed. Every output escapes them.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The byte length of the UTF-8 sequence starting at `index`, or 0 if the lead byte is invalid.
    private static func scalarLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        return index + length <= bytes.count ? length : 0
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
