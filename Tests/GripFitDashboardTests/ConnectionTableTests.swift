import GripFitDashboard
import Synchronization
import Testing

/// At the cap, the connection idle longest gives way; one with a request under way never does.
@Suite struct ConnectionTableTests {
    final class Closed: Sendable {
        let ids = Mutex<[String]>([])
        func closer(_ name: String) -> @Sendable () -> Void { { self.ids.withLock { $0.append(name) } } }
        var names: [String] { ids.withLock { $0 } }
    }

    @Test func theLastPlaceClosesTheConnectionIdleLongest() {
        let closed = Closed()
        let table = ConnectionTable(limit: 3)
        let a = table.opened(close: closed.closer("a"))
        _ = table.opened(close: closed.closer("b"))
        // a asked something since b opened: b has been idle longer.
        table.requestStarted(a)
        table.requestEnded(a)
        #expect(closed.names.isEmpty)
        _ = table.opened(close: closed.closer("c"))
        #expect(closed.names == ["b"], "the connection that never asked anything goes first")
        #expect(table.count == 2)
    }

    @Test func aRequestUnderWayIsNeverClosedForAnother() {
        let closed = Closed()
        let table = ConnectionTable(limit: 2)
        let stream = table.opened(close: closed.closer("stream"))
        table.requestStarted(stream)
        _ = table.opened(close: closed.closer("new"))
        #expect(closed.names.isEmpty, "an event stream is a request under way")
        #expect(table.count == 2)
        table.requestEnded(stream)
        _ = table.opened(close: closed.closer("newer"))
        #expect(closed.names == ["new"], "idle since it opened, longer than the stream since its end")
        _ = table.opened(close: closed.closer("newest"))
        #expect(closed.names == ["new", "stream"], "the ended stream is idle now, and the older of the two")
    }

    /// Every place busy: no one can be closed for a newcomer, so each response gives its place up as
    /// it ends; with a place free again (or one idle to close), responses keep their connection.
    @Test func withEveryPlaceBusyEachResponseGivesItsPlaceUp() {
        let closed = Closed()
        let table = ConnectionTable(limit: 2)
        let a = table.opened(close: closed.closer("a"))
        table.requestStarted(a)
        #expect(!table.closesAfterResponse(a), "a place is free")
        let b = table.opened(close: closed.closer("b"))
        table.requestStarted(b)
        #expect(closed.names.isEmpty, "b took the last place and no one was idle")
        #expect(table.closesAfterResponse(a) && table.closesAfterResponse(b))
        table.closed(a)
        #expect(!table.closesAfterResponse(b), "a gave its place up")
        table.requestEnded(b)
        let c = table.opened(close: closed.closer("c"))
        #expect(closed.names == ["b"], "b was idle when c took the last place, and was closed for it")
        #expect(!table.closesAfterResponse(c), "a place is free again")
    }

    /// A connection that keeps asking is sent back to the queue after its share of requests.
    @Test func aConnectionGivesItsPlaceUpAfterItsShareOfRequests() {
        let table = ConnectionTable(limit: 8)
        let busy = table.opened(close: {})
        for _ in 1..<ConnectionTable.requestsPerConnection {
            table.requestStarted(busy)
            #expect(!table.closesAfterResponse(busy))
            table.requestEnded(busy)
        }
        table.requestStarted(busy)
        #expect(table.closesAfterResponse(busy))
    }

    @Test func closedConnectionsLeaveTheTable() {
        let closed = Closed()
        let table = ConnectionTable(limit: 2)
        let a = table.opened(close: closed.closer("a"))
        table.closed(a)
        _ = table.opened(close: closed.closer("b"))
        #expect(closed.names.isEmpty && table.count == 1)
        // A stray end after the close changes nothing.
        table.requestEnded(a)
        #expect(table.count == 1)
    }
}
