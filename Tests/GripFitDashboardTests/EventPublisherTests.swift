import GripFitCore
import GripFitDashboard
import Testing

@Suite struct EventPublisherTests {
    @Test func aLateSubscriberGetsTheCurrentStateFirst() async {
        let publisher = EventPublisher()
        publisher.publish("state connecting", retainAs: "state")
        publisher.publish("device", retainAs: "device")
        publisher.publish("state connected", retainAs: "state")
        publisher.publish("warning")
        publisher.publish("reading 1", retainAs: "reading")
        publisher.publish("reading 2", retainAs: "reading")
        guard let subscription = publisher.subscribe() else {
            Issue.record("no stream")
            return
        }
        publisher.publish("reading 3", retainAs: "reading")
        publisher.finish()
        var received: [String] = []
        for await _ in subscription.signals { received += publisher.take(subscription) }
        #expect(received == ["state connected", "device", "reading 2", "reading 3"])
    }

    @Test func aSlowClientKeepsOnlyTheNewestEvents() async {
        let publisher = EventPublisher()
        guard let subscription = publisher.subscribe() else {
            Issue.record("no stream")
            return
        }
        for index in 0..<(EventPublisher.bufferPerClient * 3) { publisher.publish(String(index)) }
        publisher.finish()
        var received: [String] = []
        for await _ in subscription.signals { received += publisher.take(subscription) }
        #expect(received.count == EventPublisher.bufferPerClient)
        #expect(received.last == String(EventPublisher.bufferPerClient * 3 - 1))
    }

    @Test func heldReadingsWakeAClientOnceWhenDueOrWithTheNextEventThatIsNot() async {
        let publisher = EventPublisher()
        guard let subscription = publisher.subscribe() else {
            Issue.record("no stream")
            return
        }
        let start = MonotonicInstant.zero + .seconds(1)
        for index in 0..<3 {
            let now = start + .milliseconds(20 * index)
            #expect(publisher.flushDeadline == (index == 0 ? nil : start + EventPublisher.holdLimit * 1.5))
            publisher.publish("reading \(index)", holdUntil: now + EventPublisher.holdLimit)
            publisher.flush(at: now)
        }
        // The third came at the first one's deadline: all three went then.
        #expect(publisher.flushDeadline == nil)
        var iterator = subscription.signals.makeAsyncIterator()
        #expect(await iterator.next() != nil)
        #expect(publisher.take(subscription) == ["reading 0", "reading 1", "reading 2"])
        #expect(publisher.take(subscription) == [])

        publisher.publish("reading 3", holdUntil: start + .seconds(1))
        publisher.publish("state disconnected")
        publisher.finish()
        #expect(await iterator.next() != nil)
        #expect(publisher.take(subscription) == ["reading 3", "state disconnected"])
        #expect(await iterator.next() == nil)
    }

    @Test func streamsAreLimitedAndFreedWhenTheyEnd() async {
        let publisher = EventPublisher()
        var streams = (0..<EventPublisher.maxClients).compactMap { _ in publisher.subscribe() }
        #expect(streams.count == EventPublisher.maxClients)
        #expect(publisher.subscribe() == nil)
        streams.removeAll()
        #expect(publisher.subscriberCount == 0)
        #expect(publisher.subscribe() != nil)
    }
}
