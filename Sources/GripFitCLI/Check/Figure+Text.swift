import GripFitConformance

extension Figure {
    /// The value as reports print it: whole numbers as integers (`50`, not `50.0`), others as
    /// Swift prints a Double (already rounded to two decimals by ``Figure``), text as is.
    var valueText: String {
        switch value {
        case .text(let text): text
        case .number(let number): Self.numberText(number)
        }
    }

    static func numberText(_ number: Double) -> String {
        wholeNumber(number).map(String.init) ?? String(number)
    }

    /// The number as an Int when it is a whole one that fits (checked before the conversion).
    static func wholeNumber(_ number: Double) -> Int? {
        number.isFinite && number == number.rounded() && abs(number) < 1e15 ? Int(number) : nil
    }
}
