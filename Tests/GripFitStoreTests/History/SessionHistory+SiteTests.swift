import Foundation
import GripFitRecords
import GripFitStore
import StoreTestSupport
import Testing

/// Issue 33: a clinic's site identity, made once with its history and the same for every station
/// that opens it (PostgreSQL's too), is what makes its FHIR ids its own.
@Suite struct SessionHistorySiteTests {
    @Test(arguments: HistoryBackend.allCases)
    func aHistoryMakesItsSiteIdentityOnceAndKeepsIt(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        let site = try store.siteIdentity()
        #expect(UUID(uuidString: site) != nil && site == site.lowercased(), "\(site)")
        // Another station (another process) opening the same history reads the same.
        #expect(try backend.reopen(store).siteIdentity() == site)
        // Another history, another clinic.
        #expect(try backend.makeHistory().siteIdentity() != site)
    }
}
