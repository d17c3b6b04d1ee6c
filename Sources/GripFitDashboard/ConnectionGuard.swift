import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// On each connection, after the HTTP decoding: tells the ``ConnectionTable`` when the connection
/// opens, starts and ends requests and closes, and closes it after a response that says
/// `Connection: close` (a 401: a client without the token has nothing more to ask), which every
/// response says while the table has no place free (its turn given to a client waiting to connect).
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let table: ConnectionTable
    private var id: Int?
    private var closeAfterResponse = false

    init(table: ConnectionTable) {
        self.table = table
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { register(context.channel) }
    }

    func channelActive(context: ChannelHandlerContext) {
        register(context.channel)
        context.fireChannelActive()
    }

    private func register(_ channel: any Channel) {
        guard id == nil else { return }
        id = table.opened { channel.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let id { table.closed(id) }
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if let id { table.closed(id) }
        id = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data), let id { table.requestStarted(id) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            if let id, table.closesAfterResponse(id) { head.headerFields[.connection] = "close" }
            if head.headerFields[.connection]?.lowercased() == "close" { closeAfterResponse = true }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            if let id { table.requestEnded(id) }
            guard closeAfterResponse else { return context.write(data, promise: promise) }
            // Closed once the response is out, not before: the client reads why.
            let written = promise ?? context.eventLoop.makePromise()
            let channel = context.channel
            written.futureResult.whenComplete { _ in channel.close(promise: nil) }
            context.writeAndFlush(data, promise: written)
        }
    }
}
