import Testing

@testable import GripFitCore

/// The closure consumer turns each `false` into a stop and reads its deadline live.
struct ReportHandlerTests {
    @Test func eachClosureThatReturnsFalseAsksForAStop() {
        var deadline: MonotonicInstant? = .zero + .seconds(1)
        var seen: [LinkReport] = []
        let handler = ReportHandler(
            deadline: { deadline },
            tick: { _ in false },
            idle: { true },
            { report, _ in
                seen.append(report)
                return report != .state(.connected)
            }
        )
        var actions: [ConsumerAction] = []
        handler.handle(.message(.reading(1)), at: .zero, link: LinkFacts(), into: &actions)
        #expect(actions.isEmpty)
        handler.handle(.state(.connected), at: .zero, link: LinkFacts(), into: &actions)
        #expect(actions == [.stop])
        #expect(seen.count == 2)
        #expect(handler.nextDeadline == .zero + .seconds(1))
        deadline = nil
        #expect(handler.nextDeadline == nil)
        actions.removeAll()
        handler.idle(into: &actions)
        #expect(actions.isEmpty)
        handler.tick(at: .zero, link: LinkFacts(), into: &actions)
        #expect(actions == [.stop])
    }
}
