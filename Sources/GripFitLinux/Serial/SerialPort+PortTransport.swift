import Glibc

/// The termios port as the link driver sees it: open at once, read when poll() says POLLIN.
extension SerialPort: PortTransport {
    public var pollEvents: Int16 { Int16(POLLIN) }
    public var isConnected: Bool { true }
    public var connectTimeout: Duration { .zero }

    public func write(_ bytes: [UInt8]) throws(PortError) {
        try write(bytes, timeout: .seconds(2))
    }
}
