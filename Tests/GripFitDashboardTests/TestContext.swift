import GripFitDashboard
import Hummingbird
import Logging
import NIOCore

/// A request context with no channel, so tests call the router's responder directly.
struct TestContext: EventLoopRequestContext {
    struct Source: RequestContextSource {
        var logger = Logger(label: "test")
    }

    var coreContext: CoreRequestContextStorage
    let eventLoop: (any EventLoop)? = nil

    init(source: Source) {
        coreContext = CoreRequestContextStorage(source: source)
    }
}
