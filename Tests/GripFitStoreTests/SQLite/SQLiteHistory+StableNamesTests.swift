import Foundation
import GRDB
import GripFitCore
import GripFitRecords
import StoreTestSupport
import Testing

@testable import GripFitStore

/// A history from before names (v6) migrates in place: each session and assessment gets the name
/// derived from what made it unique, so a station's file and the server derive the same for copies
/// of one old session; the names are unique from then on.
struct SQLiteHistoryStableNamesTests {
    @Test func aVersionSixHistoryGetsTheDerivedNames() throws {
        let path = Fixtures.temporaryDirectory() + "/history.sqlite"
        let queue = try DatabaseQueue(path: path)
        try SQLiteHistory.migrator.migrate(queue, upTo: "v6: stations and pending pushes")
        let session = Fixtures.session()
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO assessment (subject, device, started_at_ms, protocol, first_hand, trials_per_hand, rest_s, unit)
                    VALUES (NULL, 'ble:C0:FF:EE:00:00:01', 1795000000000, 'standard', 'right', 3, 30, 'kg')
                    """
            )
            try db.execute(
                sql: """
                    INSERT INTO session (device, started_at_ms, firmware, label, hand, protocol, trial, unit, peak, peak_time, mean,
                        duration, active_duration, time_to_peak, peak_rfd, impulse, rep_count, sample_count, gap_count, gap_duration,
                        threshold, assessment_id, attempt) VALUES ('ble:C0:FF:EE:00:00:01', 1795000000000, '1.0', NULL,
                        'right', 'standard', 1, 'kg', 40, 1, 20, 9, 6, 1, 100, 50, 0, 90, 0, 0, 2, 1, 1)
                    """
            )
            let id = db.lastInsertedRowID
            try db.execute(
                sql: "INSERT INTO trace (session_id, encoding, inflated_size, data) VALUES (?, 'gft1+zlib', ?, ?)",
                arguments: [id, TraceCodec.encode(session.trace).count, Data(Zlib.compress(TraceCodec.encode(session.trace)))]
            )
        }
        try queue.close()

        let store = try SQLiteHistory(path: path)
        let migrated = try store.session(id: 1)
        #expect(migrated.uid == StableName.legacy(device: "ble:C0:FF:EE:00:00:01", startedAtMilliseconds: 1_795_000_000_000))
        let assessment = try store.assessment(id: 1)
        let derived = StableName.legacy(device: "ble:C0:FF:EE:00:00:01", startedAtMilliseconds: 1_795_000_000_000, protocolName: "standard")
        #expect(assessment.uid == derived)
        #expect(try store.id(named: try #require(migrated.name)) == 1)
        #expect(try store.id(named: try #require(assessment.stableName)) == 1)
        // Unique from now on: a second assessment of that name is refused by the index.
        #expect(throws: (any Error).self) {
            try DatabaseQueue(path: path).write { db in
                try db.execute(
                    sql: """
                        INSERT INTO assessment (device, started_at_ms, protocol, first_hand, trials_per_hand, rest_s, unit, uid)
                        VALUES ('ble:C0:FF:EE:00:00:02', 1, 'standard', 'right', 3, 30, 'kg', ?)
                        """,
                    arguments: [derived]
                )
            }
        }
    }
}
