/// `--listen ADDR:PORT`: an IPv4 address, `[IPv6]` or a host name, and a port (0 picks a free one).
public struct ListenAddress: Equatable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public static let defaultPort = 8642
    public static let loopback = ListenAddress(host: "127.0.0.1", port: defaultPort)

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Nil for text that is not `HOST:PORT` with a port from 0 to 65535.
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        var host = String(text[..<colon])
        guard let port = Int(text[text.index(after: colon)...]), (0...65_535).contains(port) else { return nil }
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        } else if host.contains(":") {
            return nil
        }
        guard !host.isEmpty, host.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 }) else { return nil }
        self.init(host: host, port: port)
    }

    /// Only this machine can connect: 127.0.0.0/8, ::1 or `localhost`.
    public var isLoopback: Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return host == "localhost" || host == "::1"
            || (parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil })
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
