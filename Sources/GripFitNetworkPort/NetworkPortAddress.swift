/// A `--port` that names a network port: `rfc2217://HOST:PORT` (telnet with RFC 2217 COM port
/// control, as ser2net's `telnet(rfc2217)` accepter and labgrid's exporters speak it) or
/// `tcp://HOST:PORT` (raw bytes, ser2net's plain `tcp` accepter). pyserial spells them the same,
/// and its `socket://HOST:PORT` is the same raw TCP.
public struct NetworkPortAddress: Equatable, Sendable, CustomStringConvertible {
    public enum Scheme: String, Sendable, CaseIterable {
        case rfc2217
        case tcp
        /// pyserial's name for raw TCP.
        case socket

        /// Whether the connection speaks telnet with RFC 2217, not raw bytes.
        public var isTelnet: Bool { self == .rfc2217 }
    }

    public let scheme: Scheme
    /// A host name or an IP address; IPv6 without its brackets.
    public let host: String
    public let port: UInt16

    public init(scheme: Scheme, host: String, port: UInt16) {
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// Whether `argument` asks for a network port at all (so it is never opened as a tty path).
    public static func isNetwork(_ argument: String) -> Bool {
        argument.contains("://")
    }

    /// Parses `SCHEME://HOST:PORT`; IPv6 hosts go in brackets (`tcp://[::1]:4001`).
    public init(parsing argument: String) throws(NetworkPortAddressError) {
        guard let separator = argument.range(of: "://") else { throw .notAURL(argument) }
        let schemeText = argument[..<separator.lowerBound].lowercased()
        guard let scheme = Scheme(rawValue: schemeText) else { throw .unknownScheme(argument) }
        var rest = Substring(argument[separator.upperBound...])
        // pyserial's URL options (`?logging=debug`, `?ign_set_control`) have no meaning here: say so, not "no port".
        if let question = rest.firstIndex(of: "?") { throw .options(argument, String(rest[question...])) }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        let host: Substring
        let portText: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]"), rest[rest.index(after: close)...].hasPrefix(":") else {
                throw .missingPort(argument)
            }
            host = rest[rest.index(after: rest.startIndex)..<close]
            portText = rest[rest.index(close, offsetBy: 2)...]
        } else {
            guard let colon = rest.lastIndex(of: ":") else { throw .missingPort(argument) }
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        }
        guard !host.isEmpty, !host.contains("/"), !host.contains("@") else { throw .badHost(argument) }
        guard let port = UInt16(portText), port > 0 else { throw .missingPort(argument) }
        self.init(scheme: scheme, host: String(host), port: port)
    }

    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme.rawValue)://\(shownHost):\(port)"
    }
}
