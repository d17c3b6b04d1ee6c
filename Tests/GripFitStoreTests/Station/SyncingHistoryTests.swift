import GripFitStore
import StoreTestSupport
import Testing

/// The dashboard and `history sync` count unsynced sessions through the protocol, whatever history they were handed.
struct SyncingHistoryTests {
    @Test func aStationsFileAndTheStationCountTheirPendingSessionsThroughTheProtocol() throws {
        let directory = Fixtures.temporaryDirectory()
        let server = try ServerStandIn(path: directory + "/server.sqlite")
        let local = try SQLiteHistory(path: directory + "/station.sqlite")
        _ = try local.savePending(Fixtures.session(), sameStart: .nextFreeMillisecond)
        server.set(down: true)
        let station = try StationHistory(server: server.location, local: local, open: server.open, warn: { _ in })
        let handed: [any SessionHistory] = [local, station, server]
        #expect(try handed.map { try ($0 as? any SyncingHistory)?.pendingCount() } == [1, 1, nil], "a server keeps nothing pending")
    }
}
