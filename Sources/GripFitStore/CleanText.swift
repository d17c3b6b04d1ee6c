/// Text from the device, the command line or an import file, made safe to store and print:
/// control characters become spaces and length is bounded.
public enum CleanText {
    public static let maximumLength = 200

    public static func clean(_ text: String?) -> String? {
        guard let text else { return nil }
        let scalars = text.unicodeScalars.prefix(maximumLength).map { scalar -> Character in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? " " : Character(scalar)
        }
        let cleaned = String(scalars)
        return cleaned.isEmpty ? nil : cleaned
    }
}
