import GripFitCore
import Testing

struct DoubleFormattingTests {
    @Test func formatsFixedPoint() {
        #expect(1.5.formatted(decimals: 2) == "1.50")
        #expect((-0.004).formatted(decimals: 2) == "0.00")
        #expect((-2.346).formatted(decimals: 2) == "-2.35")
        #expect(42.0.formatted(decimals: 0) == "42")
        #expect(0.05.formatted(decimals: 1) == "0.1")
        #expect(Double.nan.formatted(decimals: 1) == "nan")
    }
}
