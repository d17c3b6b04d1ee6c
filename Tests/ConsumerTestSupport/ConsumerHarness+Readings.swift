import GripFitCore

extension ConsumerHarness where Consumer.Input == LinkReport {
    /// Raw readings, `step` apart: the common feed of the live consumers' tests.
    public func feed(readings raws: [Int32], every step: Duration = .milliseconds(100)) {
        feed(raws.map { .message(.reading($0)) }, every: step)
    }
}
