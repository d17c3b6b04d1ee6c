/// Text for XML and SVG, attribute values and content alike, escaped per Unicode scalar so a `<`
/// or `"` followed by a combining mark is still escaped. Characters XML 1.0 cannot carry at all
/// (C0 controls other than tab, newline and return; U+FFFE, U+FFFF) become visible `\u{…}` escapes,
/// and so do bidi controls (``UntrustedText/isBidiControl(_:)``), as on the terminal: a firmware
/// version holding an override would otherwise print reversed in a report's cell.
public enum XMLText {
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF || UntrustedText.isBidiControl(scalar):
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
