import Testing

@testable import GripFitCLI

struct NegativeNumberArgumentsTests {
    @Test func aNegativePositionalMovesBehindTheTerminator() {
        #expect(NegativeNumberArguments.behindTerminator(["rate", "-5"]) == ["rate", "--", "-5"])
        #expect(NegativeNumberArguments.behindTerminator(["show", "-1", "--unit", "lb"]) == ["show", "--unit", "lb", "--", "-1"])
        #expect(NegativeNumberArguments.behindTerminator(["rate", "--port", "F1", "-0.5"]) == ["rate", "--port", "F1", "--", "-0.5"])
    }

    @Test func anOptionsValueStays() {
        #expect(NegativeNumberArguments.behindTerminator(["monitor", "--duration", "-1"]) == nil)
        #expect(NegativeNumberArguments.behindTerminator(["plot", "-1", "-o", "-2"]) == ["plot", "-o", "-2", "--", "-1"])
        #expect(NegativeNumberArguments.behindTerminator(["record", "--rest=-1", "-2"]) == ["record", "--rest=-1", "--", "-2"])
    }

    @Test func aNumberAfterAFlagIsNoValueOfIt() {
        #expect(NegativeNumberArguments.behindTerminator(["rate", "--simulate", "-5"]) == nil)
        #expect(
            NegativeNumberArguments.behindTerminator(["rate", "--simulate", "-5"], flags: ["--simulate"])
                == ["rate", "--simulate", "--", "-5"]
        )
    }

    @Test func theFlagsAreTheCommandsOwn() {
        let flags = FlagNames.of("rate", in: GripFitSerial.self)
        #expect(flags.isSuperset(of: ["--simulate", "--help", "-h"]), "\(flags)")
        #expect(!flags.contains("--port") && !flags.contains("--timeout"), "options that take a value: \(flags)")
        #expect(FlagNames.of("history", in: GripFitSerial.self).contains("--json"))
        #expect(!FlagNames.of("check", in: GripFitSerial.self).contains("--json"), "check --json takes a file")
        #expect(FlagNames.of("nosuch", in: GripFitSerial.self).isEmpty)
    }

    @Test func whatIsAlreadyBehindTheTerminatorStaysThere() {
        #expect(NegativeNumberArguments.behindTerminator(["rate", "--", "-5"]) == nil)
        #expect(NegativeNumberArguments.behindTerminator(["show", "-1", "--", "x"]) == ["show", "--", "-1", "x"])
    }

    @Test(arguments: ["-v", "--help", "-", "-e5", "-1x", "-o"])
    func optionsAreNotNumbers(argument: String) {
        #expect(!NegativeNumberArguments.isNegativeNumber(argument))
        #expect(NegativeNumberArguments.behindTerminator(["rate", argument]) == nil)
    }

    @Test(arguments: ["-5", "-0.5", "-.5", "-1e3", "-20"])
    func negativeNumbersAre(argument: String) {
        #expect(NegativeNumberArguments.isNegativeNumber(argument))
    }
}
