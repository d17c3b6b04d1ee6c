extension Double {
    /// Rounded to `decimals` places, for numbers JSON and reports carry (three for forces and for
    /// times in seconds), so they read short and stay stable.
    public func rounded(decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return (self * scale).rounded() / scale
    }

    /// Fixed-point text without Foundation: tables, CSV and SVG labels need stable, locale-free output.
    public func formatted(decimals: Int) -> String {
        guard isFinite else { return isNaN ? "nan" : (self < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(self) * scale).rounded()
        guard scaled < 9e15 else { return String(self) }
        let whole = Int64(scaled)
        let negative = self < 0 && whole != 0
        let integerPart = whole / Int64(scale)
        var text = (negative ? "-" : "") + String(integerPart)
        if decimals > 0 {
            let fraction = String(whole % Int64(scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// Like ``formatted(decimals:)`` with trailing zeros dropped ("15", "12.5"): a configured figure
    /// (a cut-off, a threshold, an age) prints with the decimals it has, never an `Int(_:)` that traps.
    public func formatted(upToDecimals decimals: Int) -> String {
        let text = formatted(decimals: decimals)
        guard isFinite, text.contains("."), !text.contains("e") else { return text }
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return trimmed == "-0" ? "0" : String(trimmed)
    }
}
