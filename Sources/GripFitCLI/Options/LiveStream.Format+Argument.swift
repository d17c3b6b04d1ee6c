import ArgumentParser
import GripFitLive

/// `monitor --format text|jsonl|csv`: the stream's own format, parsed as it is named.
extension LiveStream.Format: ExpressibleByArgument {}
