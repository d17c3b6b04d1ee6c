import GripFitOutput

/// Text from the device, the command line or an import file, made safe to store and print:
/// control characters (bidi controls included, as ``UntrustedText`` defines them) become spaces
/// and length is bounded.
public enum CleanText {
    public static let maximumLength = 200

    public static func clean(_ text: String?) -> String? {
        guard let text else { return nil }
        let scalars = text.unicodeScalars.prefix(maximumLength).map { scalar -> Character in
            UntrustedText.isControl(scalar) ? " " : Character(scalar)
        }
        let cleaned = String(scalars)
        return cleaned.isEmpty ? nil : cleaned
    }

    /// Why ``clean(_:)`` would not keep `text` as given: "has 250 characters: keep it to 200", or
    /// the first control character it would turn into a space (ESC, a newline, a bidi override).
    /// Nil when it is kept whole. Text typed on a command line (`record --label`) is refused with
    /// this, as a subject's over-long note is, rather than cut or changed without a word.
    public static func refusal(_ text: String) -> String? {
        let count = text.unicodeScalars.count
        if count > maximumLength { return "has \(count) characters: keep it to \(maximumLength)" }
        guard let control = text.unicodeScalars.first(where: UntrustedText.isControl) else { return nil }
        let code = String(control.value, radix: 16, uppercase: true)
        return "holds U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code), a control character "
            + "(a line break, ESC or a bidi control): give one line of plain text"
    }

    /// Device text (firmware and bridge versions) as the device sent it, bounded in length, with a
    /// NUL as U+2400 (␀): every output escapes the rest for its own format (``DeviceText``), so the
    /// store keeps what came. No history can hold a NUL in text (SQLite's text binding ends there,
    /// PostgreSQL refuses it), and cutting there lost what followed.
    public static func device(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumLength).map { $0 == "\u{0}" ? nul : $0 }))
    }

    /// What stands for a NUL in stored device text: the symbol for it, printed as it is.
    public static let nul: Unicode.Scalar = "\u{2400}"
}
