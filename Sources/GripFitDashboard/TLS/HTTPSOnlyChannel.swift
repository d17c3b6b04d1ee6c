import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's TLS child channel with ``PlainHTTPRefusal`` in front: the `ServerChildChannel` that
/// `HTTPServerBuilder` builds per connection lets a wrapper add handlers before the base channel's own
/// (here, before `NIOSSLServerHandler`), which is all this does.
struct HTTPSOnlyChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(PlainHTTPRefusal())
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
