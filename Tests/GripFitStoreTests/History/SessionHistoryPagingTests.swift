import Foundation
import GripFitClinical
import GripFitCore
import GripFitRecords
import StoreTestSupport
import Testing

@testable import GripFitStore

/// ``SessionHistory/page(_:)`` on every backend: pages in the listing's order with none lost or repeated (sessions
/// of two devices sharing a start included), the filters, and a `before` naming no session.
struct SessionHistoryPagingTests {
    /// Seven sessions: starts 1 000 to 6 000 ms, the last shared by a second device; hands alternate from the right.
    @discardableResult
    static func fill<History: SessionHistory>(_ store: History) throws -> History {
        for (index, start) in [1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 6_000].enumerated() {
            var session = Fixtures.session(start: Int64(start))
            if index == 6 { session.device = "usb:other" }
            session.tags.hand = index.isMultiple(of: 2) ? .right : .left
            _ = try store.save(session, sameStart: .nextFreeMillisecond)
        }
        return store
    }

    @Test(arguments: HistoryBackend.allCases)
    func pagesFollowTheListingWithNoneLostOrRepeated(backend: HistoryBackend) throws {
        let store = try Self.fill(backend.makeHistory())
        let everything = try store.list().rows.map(\.id)
        var paged: [Int64] = []
        var mores: [Bool] = []
        var before: Int64?
        repeat {
            let page = try store.page(SessionQuery(limit: 3, before: before))
            paged += page.listing.rows.map(\.id)
            mores.append(page.more)
            before = page.listing.rows.last?.id
        } while mores.last == true
        #expect(paged == everything)
        #expect(everything.count == 7)
        #expect(mores == [true, true, false])
    }

    @Test(arguments: HistoryBackend.allCases)
    func aPageThatEndsTheHistoryExactlySaysNoMore(backend: HistoryBackend) throws {
        let store = try Self.fill(backend.makeHistory())
        let page = try store.page(SessionQuery(limit: 7))
        #expect(page.listing.rows.count == 7)
        #expect(!page.more)
        #expect(try store.page(SessionQuery(limit: 6)).more)
    }

    @Test(arguments: HistoryBackend.allCases)
    func filtersByDeviceAndHand(backend: HistoryBackend) throws {
        let store = try Self.fill(backend.makeHistory())
        let device = try store.page(SessionQuery(limit: 50, device: "ble:C0:FF:EE:00:00:01"))
        #expect(device.listing.rows.map(\.startedAtMilliseconds) == [6_000, 5_000, 4_000, 3_000, 2_000, 1_000])
        let left = try store.page(SessionQuery(limit: 2, hand: .left))
        #expect(left.listing.rows.map(\.startedAtMilliseconds) == [6_000, 4_000])
        #expect(left.listing.rows.allSatisfy { $0.hand == .left })
        #expect(left.more)
        let rest = try store.page(SessionQuery(limit: 2, before: left.listing.rows.last?.id, hand: .left))
        #expect(rest.listing.rows.map(\.startedAtMilliseconds) == [2_000])
        #expect(!rest.more)
    }

    /// The dashboard's history and trend for the subject picked on the page: only their sessions,
    /// paged like the rest; a code the history does not know is said so, not an empty page.
    @Test(arguments: HistoryBackend.allCases)
    func filtersBySubject(backend: HistoryBackend) throws {
        let store = try Self.fill(backend.makeHistory())
        try store.addSubject(try Subject(code: "P017", birth: .year(1950)))
        for start in [7_000, 8_000, 9_000] as [Int64] {
            var session = Fixtures.session(start: start)
            session.tags.subject = "P017"
            _ = try store.save(session, sameStart: .nextFreeMillisecond)
        }
        let first = try store.page(SessionQuery(limit: 2, subject: "P017"))
        #expect(first.listing.rows.map(\.startedAtMilliseconds) == [9_000, 8_000])
        #expect(first.more)
        let rest = try store.page(SessionQuery(limit: 2, before: first.listing.rows.last?.id, subject: "P017"))
        #expect(rest.listing.rows.map(\.startedAtMilliseconds) == [7_000])
        #expect(!rest.more)
        #expect(throws: StoreError.unknownSubject("P018")) { try store.page(SessionQuery(subject: "P018")) }
        // Codes are case-blind, as `history --subject` reads them.
        #expect(
            try store.page(SessionQuery(limit: 500, subject: "p017")).listing.rows.map(\.id)
                == store.page(SessionQuery(limit: 500, subject: "P017")).listing.rows.map(\.id)
        )
        #expect(try !store.page(SessionQuery(subject: "p017")).listing.rows.isEmpty)
    }

    @Test(arguments: HistoryBackend.allCases)
    func aBeforeThatNamesNoSessionIsNotFound(backend: HistoryBackend) throws {
        let store = try Self.fill(backend.makeHistory())
        #expect(throws: StoreError.notFound(id: 99)) { try store.page(SessionQuery(before: 99)) }
    }
}
