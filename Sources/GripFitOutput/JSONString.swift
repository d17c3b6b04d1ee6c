/// A JSON string literal, escaped per Unicode scalar exactly as RFC 8259 says. DEL and the line
/// and paragraph separators (U+2028, U+2029) are escaped too, so the text is also safe inside
/// JavaScript and in a dashboard page.
public enum JSONString {
    public static func quoted(_ string: String) -> String {
        // Most keys and values are printable ASCII without a quote or backslash: nothing to escape.
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + string + "\""
        }
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
