import NIOCore
import NIOPosix
import Testing

@testable import GripFitDashboard

@Suite struct EventLoopTaskExecutorTests {
    @Test func aTaskThatPrefersTheLoopRunsThereAfterEverySuspension() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let onLoop = await withTaskExecutorPreference(EventLoopTaskExecutor(loop)) {
            var onLoop = [loop.inEventLoop]
            for _ in 0..<3 {
                await Task.yield()
                onLoop.append(loop.inEventLoop)
            }
            return onLoop
        }
        #expect(onLoop == [true, true, true, true])
        #expect(!loop.inEventLoop)
        try await group.shutdownGracefully()
    }
}
