import Hummingbird
import NIOCore

/// A request context that knows its connection's event loop, so a long response (the event
/// stream) can run its task there: see ``EventLoopTaskExecutor``.
public protocol EventLoopRequestContext: RequestContext {
    /// Nil where there is no connection (tests that call the router directly).
    var eventLoop: (any EventLoop)? { get }
}
