import GripFitCore
import Testing

struct ForceUnitTests {
    @Test func convertsExactly() {
        #expect(ForceUnit.pounds.toKilograms(1) == 0.45359237)
        #expect(abs(ForceUnit.newtons.fromKilograms(10) - 98.0665) < 1e-12)
        #expect(ForceUnit.kilograms.fromKilograms(12.5) == 12.5)
        #expect(abs(ForceUnit.pounds.fromKilograms(ForceUnit.pounds.toKilograms(22)) - 22) < 1e-12)
        #expect(abs(ForceUnit.newtons.toKilograms(98.0665) - 10) < 1e-12)
    }

    @Test(arguments: [("kg", ForceUnit.kilograms), ("KG", .kilograms), ("lb", .pounds), ("lbs", .pounds), ("N", .newtons), ("n", .newtons)])
    func parsesUnits(text: String, unit: ForceUnit) {
        #expect(ForceUnit(parsing: text) == unit)
    }

    @Test func refusesUnknownUnits() {
        #expect(ForceUnit(parsing: "stone") == nil)
        #expect(ForceUnit(parsing: "") == nil)
    }
}
