import GripFitOutput
import GripFitRecords

/// A CSV export (``SessionFormat/csv``): the header, then one row per reading and per gap of each
/// session (``SessionExchange/csvLines(_:)``); nothing after the last.
struct SessionCSVEncoder: ByteEncoder {
    typealias Item = StoredSession
    typealias Failure = StoreError

    func begin(into bytes: inout [UInt8]) {
        bytes += CSVLine.join(SessionExchange.csvHeader).utf8
        bytes.append(UInt8(ascii: "\n"))
    }

    func add(_ session: StoredSession, into bytes: inout [UInt8]) throws(StoreError) {
        for line in try SessionExchange.csvLines(session) {
            bytes += line.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    func finish(into bytes: inout [UInt8]) {}
}
