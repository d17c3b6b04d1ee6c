import NIOCore

/// First in an HTTPS connection's pipeline, before the TLS handler: a TLS connection's first byte is a
/// handshake record (0x16); anything else is a browser or script speaking plain HTTP to the HTTPS port,
/// which gets a short 400 naming the https URL, instead of a TLS alert it would show as garbage, and is
/// closed. After the first byte it passes everything through.
final class PlainHTTPRefusal: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// TLS's record type `handshake` (RFC 8446, 5.1): a ClientHello's first byte.
    static let handshakeRecord: UInt8 = 0x16

    private enum State {
        case waiting
        case tls
        case refused
    }

    private var state = State.waiting

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .tls:
            context.fireChannelRead(data)
        case .refused:
            break
        case .waiting:
            let buffer = unwrapInboundIn(data)
            guard let first = buffer.getInteger(at: buffer.readerIndex, as: UInt8.self) else { return }
            if first == Self.handshakeRecord {
                state = .tls
                context.fireChannelRead(data)
                return
            }
            state = .refused
            let port = context.channel.localAddress?.port ?? 0
            let fallback = context.channel.localAddress?.ipAddress ?? "localhost"
            let response = Self.response(request: buffer, localHost: fallback, port: port)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: response))).whenComplete { _ in
                channel.close(promise: nil)
            }
        }
    }

    /// The 400 for a plain request: the https URL at the `Host` the client used (checked: a name, an
    /// address and a port only), else at the address it connected to.
    static func response(request: ByteBuffer, localHost: String, port: Int) -> String {
        let url = "https://\(authority(request: request, localHost: localHost, port: port))/"
        let body = "This dashboard answers only over HTTPS: open \(url)\n"
        return "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n" + body
    }

    static func authority(request: ByteBuffer, localHost: String, port: Int) -> String {
        let head = String(decoding: request.readableBytesView.prefix(8192), as: UTF8.self)
        for line in head.split(separator: "\r\n").dropFirst() {
            guard line.lowercased().hasPrefix("host:") else { continue }
            let host = line.dropFirst(5).trimmingPrefix(while: { $0 == " " || $0 == "\t" })
            let allowed = host.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isASCIIHexDigit || ("g"..."z").contains(scalar) || ("G"..."Z").contains(scalar)
                    || ".-:[]".unicodeScalars.contains(scalar)
            }
            guard !host.isEmpty, host.count <= 255, allowed else { break }
            return String(host)
        }
        return localHost.contains(":") ? "[\(localHost)]:\(port)" : "\(localHost):\(port)"
    }
}
