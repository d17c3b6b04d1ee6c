import GripFitExchange
import GripFitRecords
import GripFitStore

extension PostgresHistory {
    /// ``SQLHistory/importContents(_:traces:location:)`` in one transaction: a refused file writes
    /// nothing; what names a subject forgotten here is not filed, and counted as erased.
    public func importContents(_ contents: ExchangeContents) throws(StoreError) -> ImportOutcome {
        var traces: [StoredTrace] = []
        for session in contents.sessions { traces.append(try StoredTrace(session.trace)) }
        return try transaction { statements in try SQLHistory(statements).importContents(contents, traces: traces, location: location) }
    }
}
