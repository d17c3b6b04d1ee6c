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
        guard let stream = publisher.subscribe() else {
            Issue.record("no stream")
            return
        }
        publisher.publish("reading 3", retainAs: "reading")
        publisher.finish()
        var received: [String] = []
        for await event in stream { received.append(event) }
        #expect(received == ["state connected", "device", "reading 2", "reading 3"])
    }

    @Test func aSlowClientKeepsOnlyTheNewestEvents() async {
        let publisher = EventPublisher()
        guard let stream = publisher.subscribe() else {
            Issue.record("no stream")
            return
        }
        for index in 0..<(EventPublisher.bufferPerClient * 3) { publisher.publish(String(index)) }
        publisher.finish()
        var received: [String] = []
        for await event in stream { received.append(event) }
        #expect(received.count == EventPublisher.bufferPerClient)
        #expect(received.last == String(EventPublisher.bufferPerClient * 3 - 1))
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
