import GripFitCore
import Testing

struct TareGuardTests {
    private let start = MonotonicInstant(nanoseconds: 1_000_000_000)

    @Test func anUnloadedHandleIsTaredAtOnce() {
        var guardian = TareGuard(loadedAbove: 1)
        #expect(guardian.request(load: 0.3, at: start) == .tare)
        #expect(guardian.request(load: -31, at: start) == .tare, "below the zero: the tare is the fix")
        #expect(guardian.request(load: nil, at: start) == .tare)
    }

    @Test func aLoadedHandleIsRefusedOnceThenTaredWhenAskedAgainSoon() {
        var guardian = TareGuard(loadedAbove: 1, confirmWindow: .seconds(3))
        #expect(guardian.request(load: 31.2, at: start) == .refused(load: 31.2))
        #expect(guardian.request(load: 31.2, at: start + .seconds(2)) == .tare)
        // The confirmation is used up: the next loaded request is refused again.
        #expect(guardian.request(load: 31.2, at: start + .seconds(3)) == .refused(load: 31.2))
    }

    @Test func aConfirmationTooLateIsRefusedAgain() {
        var guardian = TareGuard(loadedAbove: 1, confirmWindow: .seconds(3))
        #expect(guardian.request(load: 20, at: start) == .refused(load: 20))
        #expect(guardian.request(load: 20, at: start + .seconds(4)) == .refused(load: 20))
        #expect(guardian.request(load: 20, at: start + .seconds(5)) == .tare)
    }
}
