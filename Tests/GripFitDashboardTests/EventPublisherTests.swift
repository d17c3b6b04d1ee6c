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

    @Test func aForgottenStateGoesToTheOpenStreamsButNotToLaterOnes() async throws {
        let publisher = EventPublisher()
        publisher.publish("guided rest", retainAs: "guided")
        let open = try #require(publisher.subscribe())
        publisher.publish("guided finished")
        publisher.forget("guided")
        publisher.publish("state connected", retainAs: "state")
        let later = try #require(publisher.subscribe())
        publisher.finish()
        var received: [String] = []
        for await _ in open.signals { received += publisher.take(open) }
        #expect(received == ["guided rest", "guided finished", "state connected"])
        #expect(publisher.take(later) == ["state connected"], "a page opened after the end gets no results")
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
        // 50 Hz: the last of these comes at the first one's deadline.
        let count = Int(EventPublisher.holdLimit / .milliseconds(20)) + 1
        for index in 0..<count {
            let now = start + .milliseconds(20 * index)
            #expect(publisher.flushDeadline == (index == 0 ? nil : start + EventPublisher.holdLimit * 1.5))
            publisher.publish("reading \(index)", holdUntil: now + EventPublisher.holdLimit)
            publisher.flush(at: now)
            if index < count - 1 { #expect(publisher.flushDeadline == start + EventPublisher.holdLimit * 1.5) }
        }
        // The last came at the first one's deadline: all of them went then, in one wake-up, and
        // the driver need not wake before the keep-alive.
        #expect(publisher.flushDeadline == start + EventPublisher.keepAliveInterval)
        var iterator = subscription.signals.makeAsyncIterator()
        #expect(await iterator.next() != nil)
        #expect(publisher.take(subscription) == (0..<count).map { "reading \($0)" })
        #expect(publisher.take(subscription) == [])

        publisher.publish("reading \(count)", holdUntil: start + .seconds(1))
        publisher.publish("state disconnected")
        publisher.finish()
        #expect(await iterator.next() != nil)
        #expect(publisher.take(subscription) == ["reading \(count)", "state disconnected"])
        #expect(await iterator.next() == nil)
    }

    /// A quiet session still wakes every stream now and then, so a page that went away without
    /// closing is found by its failed write.
    @Test func aQuietSessionWakesEveryStreamAtTheKeepAlive() async throws {
        let publisher = EventPublisher()
        let subscription = try #require(publisher.subscribe())
        let start = MonotonicInstant.zero + .seconds(1)
        #expect(publisher.flushDeadline == nil)
        publisher.flush(at: start)
        let keepAlive = start + EventPublisher.keepAliveInterval
        #expect(publisher.flushDeadline == keepAlive)
        publisher.flush(at: start + (EventPublisher.keepAliveInterval - .milliseconds(1)))
        publisher.flush(at: keepAlive)
        #expect(publisher.flushDeadline == keepAlive + EventPublisher.keepAliveInterval)
        publisher.finish()
        // One wake-up, at the keep-alive, with nothing to take: the stream writes a comment.
        var wakes = 0
        for await _ in subscription.signals {
            wakes += 1
            #expect(publisher.take(subscription).isEmpty)
        }
        #expect(wakes == 1)
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
