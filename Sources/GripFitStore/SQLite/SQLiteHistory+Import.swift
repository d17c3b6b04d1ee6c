import GripFitExchange
import GripFitRecords

extension SQLiteHistory {
    /// ``SQLHistory/importContents(_:traces:location:)`` in one write transaction: a refused file writes nothing.
    public func importContents(_ contents: ExchangeContents) throws(StoreError) -> ImportOutcome {
        var traces: [StoredTrace] = []
        for session in contents.sessions { traces.append(try StoredTrace(session.trace)) }
        return try write { db in try SQLHistory(db).importContents(contents, traces: traces, location: path) }
    }
}
