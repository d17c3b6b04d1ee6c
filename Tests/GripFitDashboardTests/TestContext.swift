import Hummingbird
import Logging

/// A request context with no channel, so tests call the router's responder directly.
struct TestContext: RequestContext {
    struct Source: RequestContextSource {
        var logger = Logger(label: "test")
    }

    var coreContext: CoreRequestContextStorage

    init(source: Source) {
        coreContext = CoreRequestContextStorage(source: source)
    }
}
