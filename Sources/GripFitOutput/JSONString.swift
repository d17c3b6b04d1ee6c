/// A JSON string literal, escaped per Unicode scalar exactly as RFC 8259 says. DEL and the line
/// and paragraph separators (U+2028, U+2029) are escaped too, so the text is also safe inside
/// JavaScript and in a dashboard page.
public enum JSONString {
    public static func quoted(_ string: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 2)
        append(string, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The literal's UTF-8 added to `bytes`: what a writer of many objects (`history --json`) uses,
    /// so no string is made per value.
    public static func append(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        // Most keys and values are printable ASCII without a quote or backslash: copied as they are.
        let copied = string.withUTF8 { utf8 in
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else {
                return false
            }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !copied {
            for scalar in string.unicodeScalars { append(scalar, to: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func append(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        switch scalar {
        case "\"": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        case "\\": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case "\n": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case "\r": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case "\t": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
            let hex = String(scalar.value, radix: 16)
            bytes += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
        default: UTF8.encode(scalar) { bytes.append($0) }
        }
    }
}
