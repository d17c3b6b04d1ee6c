import Hummingbird
import NIOCore

/// The server's request context: Hummingbird's basic one plus the connection's event loop.
public struct DashboardRequestContext: EventLoopRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let eventLoop: (any EventLoop)?

    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        eventLoop = source.channel.eventLoop
    }
}
