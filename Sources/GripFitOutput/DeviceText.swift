/// Text that came from a device, a port or a file, kept exactly as it came (cleaned of nothing
/// but what the store refuses) and escaped only when it is written out, once, for the dialect it
/// is written in. Escaping on the way in and again on the way out is how a firmware's ESC came
/// to print as `\\x1B`.
public struct DeviceText: Hashable, Sendable {
    /// As received: never print it as it is.
    public let raw: String

    public init(_ raw: String) {
        self.raw = raw
    }

    /// For a terminal or a log: control and bidi characters as visible escapes.
    public var terminal: String { UntrustedText.escaped(raw) }

    /// A JSON string literal, quotes included.
    public var json: String { JSONString.quoted(raw) }

    /// A CSV field's text: controls as the terminal's visible escapes (so a field never breaks its
    /// line and `cat` of the file never runs a device's escape sequence; import reverses them), safe
    /// from spreadsheet formulas; ``CSVLine/join(_:)`` quotes it.
    public var csv: String { CSVLine.text(UntrustedText.escaped(raw)) }

    /// XML or SVG content or attribute text.
    public var xml: String { XMLText.escaped(raw) }
}
