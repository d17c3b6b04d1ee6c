import Testing

/// A suite whose tests block a thread while the binary or another child runs: each of its tests runs
/// on ``TestThreads`` rather than the cooperative pool, so many such tests overlap on a 2-core
/// machine instead of two at a time (issue 32). What a test asserts is unchanged. A test trait too:
/// Swift Testing hands a recursive suite trait to each test of the suite.
struct WaitsOnProcesses: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    /// Every test case of the suite, each in its own scope; none for the suite itself.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        guard let threads = TestThreads.shared else { return try await function() }
        try await withTaskExecutorPreference(threads) {
            let started = ContinuousClock.now
            defer { TestTimes.note(test, ran: ContinuousClock.now - started) }
            try await function()
        }
    }
}

extension Trait where Self == WaitsOnProcesses {
    /// See ``WaitsOnProcesses``.
    static var waitsOnProcesses: Self { Self() }
}
