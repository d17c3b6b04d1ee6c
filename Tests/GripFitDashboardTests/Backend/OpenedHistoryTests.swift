import Foundation
import GripFitCore
import GripFitDashboard
import GripFitRecords
import GripFitStore
import ScratchSupport
import Synchronization
import Testing

struct OpenedHistoryTests {
    @Test func opensOnceAndRetriesOnlyAFailedOpen() throws {
        let directory = NSTemporaryDirectory() + "gripfit-opened-history-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let opens = Mutex(0)
        let opened = OpenedHistory {
            let count = opens.withLock { count in
                count += 1
                return count
            }
            if count == 1 { throw StoreError.unavailable(path: directory, reason: "not yet") }
            return try SQLiteHistory(path: directory + "/history.sqlite")
        }
        #expect(throws: StoreError.self) { try opened.get() }
        let first = try opened.get()
        let second = try opened.get()
        #expect(opens.withLock { $0 } == 2)
        #expect(first.location == second.location)
        #expect((first as? SQLiteHistory) === (second as? SQLiteHistory))
    }

    /// A shared server's history that went away is tried again on the backoff (the test's own
    /// instants: 1, 2, 4 … s, one try at a time); once the server answers, the fresh history takes
    /// over and what was saved on this station meanwhile is on the server, nothing left pending.
    @Test func aServerThatWentAwayIsTriedAgainAndGetsWhatWasSavedHere() throws {
        let directory = Scratch.directory("gripfit-opened-retry")
        let server = try SQLiteHistory(path: directory + "/server.sqlite")
        let url = "postgresql://gripfit@server.test/gripfit"
        let down = Mutex(true)
        let opens = Mutex(0)
        let lines = Mutex<[String]>([])
        let warn: @Sendable (String) -> Void = { line in lines.withLock { $0.append(line) } }
        let opened = OpenedHistory(
            open: {
                opens.withLock { $0 += 1 }
                let local = try SQLiteHistory(path: directory + "/station.sqlite")
                return try StationHistory(
                    server: url,
                    local: local,
                    open: { _ throws(StoreError) in
                        if down.withLock({ $0 }) { throw .unreachable(location: url, reason: "connection refused") }
                        return server
                    },
                    warn: warn
                )
            },
            warn: warn
        )
        let start = MonotonicInstant(nanoseconds: 5_000_000_000)
        func at(_ seconds: Int64) -> MonotonicInstant { start + .seconds(seconds) }

        #expect(opened.nextRetry(at: start) == nil, "nothing opened yet")
        _ = try opened.get().save(Self.session(start: 1_795_000_000_000), sameStart: .nextFreeMillisecond)
        #expect(opened.pendingSync == 0, "counted before the save")
        _ = try opened.get()
        #expect(opened.pendingSync == 1)
        #expect(opened.nextRetry(at: start) == at(1))
        #expect(!opened.startRetry(at: start + .milliseconds(999)))
        var now = at(1)
        for delay: Int64 in [2, 4, 8, 15] {
            #expect(opened.startRetry(at: now))
            #expect(opened.nextRetry(at: now) == nil && !opened.startRetry(at: now), "one try at a time")
            let tried = now
            #expect(!opened.retry(now: { tried }), "the server is still down")
            now = now + .seconds(delay)
            #expect(opened.nextRetry(at: tried) == now)
        }
        #expect(opens.withLock { $0 } == 5, "the first open and four tries")

        down.withLock { $0 = false }
        #expect(opened.startRetry(at: now))
        let answered = now
        #expect(opened.retry(now: { answered }))
        #expect(opened.nextRetry(at: now) == nil)
        #expect(opened.pendingSync == 0)
        #expect(try server.list().rows.count == 1, "pushed when the server answered again")
        let back = try #require(try opened.get() as? StationHistory)
        #expect(!back.isAway)
        _ = try back.save(Self.session(start: 1_795_000_060_000), sameStart: .nextFreeMillisecond)
        #expect(try server.list().rows.count == 2, "saved on the server again")
        #expect(lines.withLock { $0 }.contains { $0.contains("answers again") }, "\(lines.withLock { $0 })")
    }

    static func session(start: Int64) -> StoredSession {
        let samples = (0..<10).map { RawSample(micros: Int64($0) * 12_500, raw: 100) }
        return StoredSession.analysed(
            device: "usb:A1",
            startedAtMilliseconds: start,
            firmware: "1.0",
            label: nil,
            hand: nil,
            calibration: nil,
            trace: RawTrace(samples: samples)
        )
    }
}
