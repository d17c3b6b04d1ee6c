import Foundation
import GripFitCore
import GripFitRecords
import StoreTestSupport
import Testing

@testable import GripFitStore

/// The ``SessionHistory`` contract, the same tests on every backend: sessions saved whole and read back, one
/// session per (device, start), the listing's filters, batches by id.
struct SessionHistoryTests {
    @Test(arguments: HistoryBackend.allCases)
    func savesAndReadsBackAWholeSession(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        var session = Fixtures.session()
        session.uid = StableName.random()
        #expect(session.summary.reps.count == 3)
        guard case .inserted(let id) = try store.save(session, sameStart: .skip) else {
            Issue.record("not inserted")
            return
        }
        var expected = session
        expected.id = id
        #expect(try store.session(id: id) == expected)
        let rows = try store.list().rows
        #expect(rows.count == 1)
        #expect(rows.first?.repCount == 3)
        #expect(rows.first?.calibrated == true)
        #expect(abs((rows.first?.peak ?? 0) - 40) < 1e-9)
    }

    @Test(arguments: HistoryBackend.allCases)
    func theUniqueConstraintSkipsARepeat(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        guard case .inserted(let id) = try store.save(Fixtures.session(), sameStart: .skip) else {
            Issue.record("not inserted")
            return
        }
        #expect(try store.save(Fixtures.session(label: "changed"), sameStart: .skip) == .duplicate(existingID: id))
        #expect(try store.list().rows.count == 1)
        guard case .inserted = try store.save(Fixtures.session(start: 1_795_000_000_001), sameStart: .skip) else {
            Issue.record("a different start is a different session")
            return
        }
    }

    /// Parallel simulators share one address: a new recording starting in the same millisecond as
    /// a stored one is a session of its own, filed a millisecond later, not skipped as a repeat.
    @Test(arguments: HistoryBackend.allCases)
    func aNewRecordingWithTheSameStartIsKept(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        guard case .inserted(let first) = try store.save(Fixtures.session(label: "a"), sameStart: .nextFreeMillisecond),
            case .inserted(let second) = try store.save(Fixtures.session(label: "b"), sameStart: .nextFreeMillisecond),
            case .inserted(let third) = try store.save(Fixtures.session(label: "c"), sameStart: .nextFreeMillisecond)
        else {
            Issue.record("a new recording was skipped")
            return
        }
        let stored = try [first, second, third].map { try store.session(id: $0) }
        #expect(stored.map(\.label) == ["a", "b", "c"])
        let start = Fixtures.session().startedAtMilliseconds
        #expect(stored.map(\.startedAtMilliseconds) == [start, start + 1, start + 2])
        // An import of the first one again is still a repeat.
        #expect(try store.save(Fixtures.session(label: "a"), sameStart: .skip) == .duplicate(existingID: first))
    }

    /// A rescue file from a parallel run holds a session under a key another session already has:
    /// import keeps it a millisecond later, and importing it again finds it there and skips it.
    @Test(arguments: HistoryBackend.allCases)
    func anImportedSessionUnderAnotherSessionsKeyIsKeptOnce(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        guard case .inserted(let first) = try store.save(Fixtures.session(label: "a"), sameStart: .skip) else {
            Issue.record("not inserted")
            return
        }
        var other = Fixtures.session(label: "rescued")
        other.trace.samples[0].raw += 1
        guard case .inserted(let second) = try store.save(other, sameStart: .skip) else {
            Issue.record("a different session under the same key was skipped")
            return
        }
        #expect(try store.session(id: second).startedAtMilliseconds == other.startedAtMilliseconds + 1)
        #expect(try store.save(other, sameStart: .skip) == .duplicate(existingID: second))
        #expect(try store.save(Fixtures.session(label: "a"), sameStart: .skip) == .duplicate(existingID: first))
        #expect(try store.list().rows.count == 2)
    }

    @Test(arguments: HistoryBackend.allCases)
    func filtersByDeviceAndTime(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        _ = try store.save(Fixtures.session(start: 1_000), sameStart: .skip)
        _ = try store.save(Fixtures.session(start: 2_000), sameStart: .skip)
        #expect(try store.list(sinceMilliseconds: 1_500).rows.map(\.startedAtMilliseconds) == [2_000])
        #expect(try store.list(device: "usb:other").rows.isEmpty)
        #expect(try store.list(device: "ble:C0:FF:EE:00:00:01").rows.map(\.startedAtMilliseconds) == [2_000, 1_000])
    }

    @Test(arguments: HistoryBackend.allCases)
    func readsSessionsInBatchesByID(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        for start in [3_000, 1_000, 2_000] as [Int64] { _ = try store.save(Fixtures.session(start: start), sameStart: .skip) }
        let first = try store.sessions(afterID: 0, limit: 2)
        #expect(first.map(\.startedAtMilliseconds) == [3_000, 1_000])
        let rest = try store.sessions(afterID: first.last?.id ?? 0, limit: 2)
        #expect(rest.map(\.startedAtMilliseconds) == [2_000])
        #expect(rest.first?.trace == Fixtures.session().trace)
        #expect(try store.sessions(afterID: rest.last?.id ?? 0, limit: 2).isEmpty)
        #expect(try store.sessions(afterID: 0, limit: -1).isEmpty)
    }

    @Test(arguments: HistoryBackend.allCases)
    func reopensWithoutMigratingAgain(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        _ = try store.save(Fixtures.session(), sameStart: .skip)
        #expect(try backend.reopen(store).list().rows.count == 1)
    }

    @Test(arguments: HistoryBackend.allCases)
    func aMissingSessionSaysHowToFindOne(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        #expect(throws: StoreError.notFound(id: 42)) { try store.session(id: 42) }
        #expect(StoreError.notFound(id: 42).description.contains("gripfit-serial history"))
    }
}
