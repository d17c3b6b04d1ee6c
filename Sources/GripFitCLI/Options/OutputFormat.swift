import ArgumentParser

/// How `monitor` writes what it receives.
public enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// A live view on a terminal; one line per event otherwise.
    case text
    /// One JSON object per event.
    case jsonl
    /// `time,raw` per reading.
    case csv
}
