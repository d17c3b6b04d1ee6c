import GripFitCore
import Testing

struct ForceQuantityTests {
    @Test func parsesNumberAndUnit() {
        #expect(ForceQuantity(parsing: "10kg") == ForceQuantity(10, .kilograms))
        #expect(ForceQuantity(parsing: " 10 kg ") == ForceQuantity(10, .kilograms))
        #expect(ForceQuantity(parsing: "22lb") == ForceQuantity(22, .pounds))
        #expect(ForceQuantity(parsing: "98N") == ForceQuantity(98, .newtons))
        #expect(ForceQuantity(parsing: "2.5kg")?.kilograms == 2.5)
    }

    @Test(arguments: ["10", "kg", "-1kg", "0kg", "10stone", "nankg", "infkg", "1e400kg", "1e300kg", "1000001N", ""])
    func refusesNonsense(text: String) {
        #expect(ForceQuantity(parsing: text) == nil)
    }

    @Test(arguments: [
        ("10", ForceQuantityError.noUnit), ("", .noUnit), ("10stone", .unknownUnit), ("kg", .notANumber),
        ("nankg", .notANumber), ("infkg", .notANumber), ("-5kg", .notPositive), ("0lb", .notPositive),
        ("1e300kg", .tooLarge), ("1e400kg", .tooLarge), ("1000001N", .tooLarge),
    ])
    func saysWhatIsWrong(text: String, problem: ForceQuantityError) {
        #expect(throws: problem) { try ForceQuantity(validating: text) }
    }

    @Test func convertsToKilograms() {
        #expect(abs(ForceQuantity(98.0665, .newtons).kilograms - 10) < 1e-12)
        #expect(ForceQuantity(10, .kilograms).description == "10.00 kg")
    }
}
