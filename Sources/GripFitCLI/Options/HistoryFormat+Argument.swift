import ArgumentParser
import GripFitLive

/// `history --format table|csv|json`: the listing's own format, parsed as it is named.
extension HistoryFormat: ExpressibleByArgument {}
