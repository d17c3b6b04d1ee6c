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

    /// Device text (firmware and bridge versions) as the device sent it, only bounded in length:
    /// every output escapes it for its own format (``DeviceText``), so the store keeps what came.
    public static func device(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumLength)))
    }
}
