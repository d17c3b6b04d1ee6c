@testable import GripFitCLI
import GripFitCore
import GripFitStore
import Testing

struct ProtocolReportTests {
    @Test func reportsBestMeanAndDifference() {
        let lines = ProtocolReport.lines([.right: [40, 42, 41], .left: [36, 37.8, 35]], calibrated: true, unit: .kilograms)
        #expect(lines.contains { $0.hasPrefix("right  3       42.00 kg      41.00 kg") })
        #expect(lines.contains { $0.hasPrefix("left   3       37.80 kg      36.27 kg") })
        #expect(lines.last == "left/right difference: 10.0 % (right stronger, relative to the stronger hand's best)")
    }

    @Test func oneHandHasNoDifference() {
        let lines = ProtocolReport.lines([.left: [30]], calibrated: false, unit: .kilograms)
        #expect(!lines.contains { $0.contains("difference") })
    }
}
