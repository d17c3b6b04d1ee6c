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

    @Test func formatsWithTheDecimalsAValueHasAndNeverTraps() {
        #expect(15.0.formatted(upToDecimals: 1) == "15")
        #expect(12.5.formatted(upToDecimals: 1) == "12.5")
        #expect(16.25.formatted(upToDecimals: 1) == "16.3")
        #expect(0.04.formatted(upToDecimals: 1) == "0")
        #expect((-0.04).formatted(upToDecimals: 1) == "0")
        #expect((-2.5).formatted(upToDecimals: 2) == "-2.5")
        // Past Int64 the digits are Swift's own; an Int(_:) here would trap.
        #expect(1e19.formatted(upToDecimals: 1) == "1e+19")
        #expect(1e300.formatted(upToDecimals: 1) == "1e+300")
        #expect(Double.infinity.formatted(upToDecimals: 1) == "inf")
    }

    @Test func roundsToDecimals() {
        #expect(12.345_6.rounded(decimals: 3) == 12.346)
        #expect((-0.000_4).rounded(decimals: 3) == 0)
        #expect(2.5.rounded(decimals: 0) == 3)
        for value in [0.1, 1.234_5, -7.000_5, 98.765_432_1] {
            #expect(value.rounded(decimals: 3) == (value * 1000).rounded() / 1000)
        }
    }
}
