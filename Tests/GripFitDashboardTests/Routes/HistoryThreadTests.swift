import Dispatch
import Testing

@testable import GripFitDashboard

struct HistoryThreadTests {
    private struct Failure: Error, Equatable {}

    /// The work runs on the history's own queue, not on the task's (cooperative) thread.
    @Test func runsTheWorkOnItsOwnQueueAndReturnsItsResult() async throws {
        let result = try await HistoryThread.run {
            dispatchPrecondition(condition: .onQueue(HistoryThread.queue))
            return 42
        }
        #expect(result == 42)
    }

    @Test func passesTheErrorOn() async {
        await #expect(throws: Failure.self) { try await HistoryThread.run { () throws -> Int in throw Failure() } }
    }
}
