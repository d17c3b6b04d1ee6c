import NIOCore
import NIOEmbedded
import Testing

@testable import GripFitDashboard

/// The first byte decides: a TLS handshake passes on to the TLS handler; plain HTTP gets a 400 naming the
/// https URL and the connection closes.
@Suite struct PlainHTTPRefusalTests {
    @Test func aTLSHandshakePassesThrough() throws {
        let channel = EmbeddedChannel(handler: PlainHTTPRefusal())
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try channel.writeInbound(ByteBuffer(bytes: [0x16, 0x03, 0x01, 0x00, 0x05]))
        try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n"))
        #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(bytes: [0x16, 0x03, 0x01, 0x00, 0x05]))
        #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "GET / HTTP/1.1\r\n"), "only the first byte decides")
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
        #expect(channel.isActive)
    }

    @Test func plainHTTPGetsA400NamingTheHTTPSURLAndIsClosed() throws {
        let channel = EmbeddedChannel(handler: PlainHTTPRefusal())
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try channel.writeInbound(ByteBuffer(string: "GET /api/status HTTP/1.1\r\nhost: pi.local:8642\r\nAccept: */*\r\n\r\n"))
        let response = String(buffer: try #require(try channel.readOutbound(as: ByteBuffer.self)))
        #expect(response.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(response.contains("Connection: close\r\n"))
        #expect(response.hasSuffix("\r\n\r\nThis dashboard answers only over HTTPS: open https://pi.local:8642/\n"))
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil, "nothing reaches the TLS handler")
        #expect(!channel.isActive)
    }

    @Test func aHostHeaderThatIsNotANameAndPortIsNotEchoed() {
        let request = ByteBuffer(string: "GET / HTTP/1.1\r\nHost: evil\"<script>\r\n\r\n")
        #expect(PlainHTTPRefusal.authority(request: request, localHost: "192.168.1.20", port: 8642) == "192.168.1.20:8642")
        let none = ByteBuffer(string: "GET / HTTP/1.0\r\n\r\n")
        #expect(PlainHTTPRefusal.authority(request: none, localHost: "fd00::20", port: 8642) == "[fd00::20]:8642")
        let v6 = ByteBuffer(string: "GET / HTTP/1.1\r\nHost: [fd00::20]:8642\r\n\r\n")
        #expect(PlainHTTPRefusal.authority(request: v6, localHost: "x", port: 1) == "[fd00::20]:8642")
    }
}
