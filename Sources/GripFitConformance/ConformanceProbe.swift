import GripFitCore

/// One case as a small state machine: events in, commands and finally a verdict out. Pure, so
/// each case is tested with made-up reports and times, and the runner only relays.
public protocol ConformanceProbe: Sendable {
    var kind: ConformanceCase { get }
    /// `observed` is already updated with the report in `event`.
    mutating func handle(_ event: ProbeEvent, at now: MonotonicInstant, observed: RunObservations) -> ProbeStep
}
